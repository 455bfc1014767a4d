package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// apiCodes returns the values of the Code constants of errors.go.
func apiCodes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, "Code") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("%s is not a string literal", n.Name)
				}
				v, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				codes = append(codes, v)
			}
		}
	}
	if len(codes) < 20 {
		t.Fatalf("found %d codes in errors.go: %v", len(codes), codes)
	}
	return codes
}

// The page words every refusal of the API in every language of its
// catalogues: each Code has a message err.CODE in the English catalogue
// of i18n.js and in each of messages.js, so that no refusal is shown as
// "Something went wrong (code)".
func TestCataloguesWordEveryCode(t *testing.T) {
	codes := apiCodes(t)
	catalogues := map[string]string{}
	start := regexp.MustCompile(`(?m)^export const MESSAGES_([A-Z]+) = \{$`)
	for _, name := range []string{"i18n.js", "messages.js"} {
		src, err := fs.ReadFile(staticFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		for _, m := range start.FindAllStringSubmatchIndex(text, -1) {
			body := text[m[1]:]
			end := strings.Index(body, "\n};")
			if end < 0 {
				t.Fatalf("%s: MESSAGES_%s has no end", name, text[m[2]:m[3]])
			}
			catalogues[strings.ToLower(text[m[2]:m[3]])] = body[:end]
		}
	}
	for _, lang := range []string{"en", "cs", "fi", "nl"} {
		if catalogues[lang] == "" {
			t.Fatalf("no catalogue of %s in i18n.js or messages.js", lang)
		}
	}
	for _, lang := range slices.Sorted(maps.Keys(catalogues)) {
		body := catalogues[lang]
		for _, c := range codes {
			if !strings.Contains(body, "\n  'err."+c+"': ") {
				t.Errorf("the %s catalogue has no message 'err.%s' for the API's code %q", lang, c, c)
			}
		}
	}
}
