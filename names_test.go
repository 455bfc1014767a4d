package farkle

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestLanguages(t *testing.T) {
	langs := Languages()
	if len(langs) == 0 || !slices.IsSorted(langs) {
		t.Fatalf("Languages() = %q, want a sorted list", langs)
	}
	for _, l := range langs {
		if len(l) != 2 || strings.ToLower(l) != l {
			t.Errorf("Languages() holds %q, want two-letter lower-case codes", l)
		}
	}
	// A fresh slice each time.
	langs[0] = "xx"
	if again := Languages(); again[0] == "xx" {
		t.Errorf("Languages() returns the same slice twice: %q", again)
	}
	// Every language names every kind, each differently, except where
	// two languages share a word.
	for _, l := range Languages() {
		seen := map[string]Kind{}
		for k := SingleOne; int(k) < numKinds; k++ {
			name, ok := k.LookupName(l)
			if !ok || name == "" {
				t.Errorf("%v.LookupName(%q) = %q, %v", k, l, name, ok)
			}
			if old, dup := seen[name]; dup {
				t.Errorf("%q names both %v and %v", l, old, k)
			}
			seen[name] = k
		}
	}
}

func TestLookupName(t *testing.T) {
	for _, l := range Languages() {
		// The tag in any case, with a region after - or _.
		for _, tag := range []string{l, strings.ToUpper(l), l + "-" + strings.ToUpper(l), l + "_BE", strings.ToUpper(l) + "-x-private"} {
			for k := SingleOne; int(k) < numKinds; k++ {
				name, ok := k.LookupName(tag)
				if !ok || name != k.Name(tag) || name != k.Name(l) {
					t.Errorf("%v.LookupName(%q) = %q, %v; Name gives %q", k, tag, name, ok, k.Name(tag))
				}
			}
		}
	}
	// Unknown languages: no name from LookupName, English from Name.
	for _, tag := range []string{"de", "", "e", "eng", "english", "-cs", "c s", "xx-cs", "fr_FI"} {
		for k := SingleOne; int(k) < numKinds; k++ {
			if name, ok := k.LookupName(tag); ok || name != "" {
				t.Errorf("%v.LookupName(%q) = %q, %v; want \"\", false", k, tag, name, ok)
			}
			if got, want := k.Name(tag), k.Name("en"); got != want {
				t.Errorf("%v.Name(%q) = %q, want the English %q", k, tag, got, want)
			}
		}
	}
	// Values that are no kind: LookupName's boolean says only that the
	// language is known, and the name is Name's, String's.
	for _, k := range []Kind{0, Kind(numKinds), 255} {
		for _, l := range Languages() {
			if name, ok := k.LookupName(l); !ok || name != k.String() {
				t.Errorf("%v.LookupName(%q) = %q, %v; want %q, true", k, l, name, ok, k.String())
			}
			if got := k.Name(l); got != k.String() {
				t.Errorf("%v.Name(%q) = %q, want String's %q", k, l, got, k.String())
			}
		}
	}
}

// Property: LookupName knows a tag exactly when its primary subtag (up to
// the first - or _), lower-cased, is one of Languages; then it gives what
// Name gives, and otherwise Name gives English.
func TestPropertyLookupNameKnowsLanguages(t *testing.T) {
	langs := Languages()
	rapid.Check(t, func(t *rapid.T) {
		tag := rapid.OneOf(
			rapid.StringMatching(`[a-zA-Z]{0,3}([-_][a-zA-Z0-9]{0,4}){0,2}`),
			rapid.SampledFrom([]string{"cs", "FI", "nl-BE", "en_GB", "de", ""}),
		).Draw(t, "tag")
		k := Kind(rapid.IntRange(1, numKinds-1).Draw(t, "kind"))
		primary := tag
		if i := strings.IndexAny(tag, "-_"); i >= 0 {
			primary = tag[:i]
		}
		want := slices.Contains(langs, strings.ToLower(primary))
		name, ok := k.LookupName(tag)
		if ok != want {
			t.Fatalf("%v.LookupName(%q) = %q, %v; want ok %v", k, tag, name, ok, want)
		}
		if ok && name != k.Name(tag) || !ok && (name != "" || k.Name(tag) != k.Name("en")) {
			t.Fatalf("%v.LookupName(%q) = %q, %v; Name gives %q", k, tag, name, ok, k.Name(tag))
		}
	})
}
