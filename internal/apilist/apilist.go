// Package apilist lists the exported API of Go packages, one declaration a
// line, in the style of the Go repository's api/*.txt files. The API test
// of the module compares it with api/v1.txt.
package apilist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// List returns the sorted API lines of the package in dir, whose import
// path is path. Test files are left out.
func List(dir, path string) ([]string, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == "main" {
			return nil, nil
		}
		files = append(files, f)
	}
	l := lister{fset: fset, prefix: "pkg " + path + ", ", consts: constValues(fset, path, files)}
	for _, f := range files {
		for _, d := range f.Decls {
			l.decl(d)
		}
	}
	slices.Sort(l.out)
	return slices.Compact(l.out), nil
}

type lister struct {
	fset   *token.FileSet
	prefix string
	out    []string
	consts map[string]string // exact values of the constants
}

// constValues type-checks the package on its own, its imports left
// empty, and returns the exact value of each constant it can compute: all
// of those that depend on no other package.
func constValues(fset *token.FileSet, path string, files []*ast.File) map[string]string {
	conf := types.Config{
		Importer: emptyImporter{},
		Error:    func(error) {}, // references into the empty imports
	}
	pkg, _ := conf.Check(path, fset, files, nil)
	vals := make(map[string]string)
	if pkg == nil {
		return vals
	}
	for _, name := range pkg.Scope().Names() {
		if c, ok := pkg.Scope().Lookup(name).(*types.Const); ok && c.Val().Kind() != constant.Unknown {
			vals[name] = c.Val().ExactString()
		}
	}
	return vals
}

type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	p := types.NewPackage(path, filepath.Base(path))
	p.MarkComplete()
	return p, nil
}

func (l *lister) add(format string, args ...any) {
	l.out = append(l.out, l.prefix+fmt.Sprintf(format, args...))
}

func (l *lister) str(n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, l.fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// sig prints a function type without parameter names.
func (l *lister) sig(ft *ast.FuncType) string {
	list := func(fl *ast.FieldList) []string {
		var s []string
		if fl == nil {
			return nil
		}
		for _, f := range fl.List {
			n := max(1, len(f.Names))
			for range n {
				s = append(s, l.str(f.Type))
			}
		}
		return s
	}
	out := "(" + strings.Join(list(ft.Params), ", ") + ")"
	res := list(ft.Results)
	switch len(res) {
	case 0:
	case 1:
		out += " " + res[0]
	default:
		out += " (" + strings.Join(res, ", ") + ")"
	}
	return out
}

func (l *lister) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		if d.Recv == nil {
			l.add("func %s%s", d.Name.Name, l.sig(d.Type))
			return
		}
		recv := l.str(d.Recv.List[0].Type)
		base := strings.TrimPrefix(recv, "*")
		if i := strings.IndexByte(base, '['); i >= 0 {
			base = base[:i]
		}
		if !ast.IsExported(base) {
			return
		}
		l.add("method (%s) %s%s", recv, d.Name.Name, l.sig(d.Type))
	case *ast.GenDecl:
		var lastType string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					l.typ(s)
				}
			case *ast.ValueSpec:
				kind := "var"
				if d.Tok == token.CONST {
					kind = "const"
				}
				if s.Type != nil {
					lastType = l.str(s.Type)
				} else if len(s.Values) > 0 {
					lastType = ""
				}
				for i, n := range s.Names {
					if !n.IsExported() {
						continue
					}
					val := ""
					if v, ok := l.consts[n.Name]; ok && kind == "const" {
						val = " = " + v
					} else if kind == "const" && i < len(s.Values) {
						val = " = " + l.str(s.Values[i])
					}
					switch {
					case lastType != "":
						l.add("%s %s %s%s", kind, n.Name, lastType, val)
					default:
						l.add("%s %s%s", kind, n.Name, val)
					}
				}
			}
		}
	}
}

func (l *lister) typ(s *ast.TypeSpec) {
	name := s.Name.Name
	switch t := s.Type.(type) {
	case *ast.StructType:
		l.add("type %s struct", name)
		for _, f := range t.Fields.List {
			for _, n := range f.Names {
				if n.IsExported() {
					l.add("type %s struct, %s %s", name, n.Name, l.str(f.Type))
				}
			}
			if len(f.Names) == 0 {
				emb := strings.TrimPrefix(l.str(f.Type), "*")
				if i := strings.LastIndexByte(emb, '.'); i >= 0 {
					emb = emb[i+1:]
				}
				if ast.IsExported(emb) {
					l.add("type %s struct, embedded %s", name, l.str(f.Type))
				}
			}
		}
	case *ast.InterfaceType:
		var ms []string
		for _, m := range t.Methods.List {
			if ft, ok := m.Type.(*ast.FuncType); ok && len(m.Names) == 1 {
				ms = append(ms, m.Names[0].Name+l.sig(ft))
			} else {
				ms = append(ms, l.str(m.Type))
			}
		}
		l.add("type %s interface { %s }", name, strings.Join(ms, "; "))
	default:
		eq := " "
		if s.Assign.IsValid() {
			eq = " = "
		}
		l.add("type %s%s%s", name, eq, l.str(s.Type))
	}
}
