package farkle

// Tests of the JSON form of Rules: the documented encoding, round trips of
// the presets, and strict decoding. Random rules are in
// properties_rules_test.go (TestRulesJSONRoundTrip).

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// appRulesJSON is the JSON of the App rules as the documentation of
// Rules.MarshalJSON prints it, on one line.
const appRulesJSON = `{"single_one":100,"single_five":50,"triple":[1000,200,300,400,500,600],` +
	`"bonus":"fixed","four_of_a_kind":1000,"five_of_a_kind":2000,` +
	`"six_of_a_kind":3000,"split":false,"straight":2500,"three_pairs":1500,` +
	`"four_as_two_pairs":true,"four_and_pair":0,"two_triplets":0,"nothing":0}`

func TestRulesJSONApp(t *testing.T) {
	data, err := json.Marshal(AppScoring.Rules())
	if err != nil || string(data) != appRulesJSON {
		t.Errorf("json.Marshal(App.Rules()) = %s, %v; want %s", data, err, appRulesJSON)
	}
	var r Rules
	if err := json.Unmarshal([]byte(appRulesJSON), &r); err != nil || r != refApp {
		t.Errorf("json.Unmarshal(the documented App JSON) = %+v, %v; want %+v", r, err, refApp)
	}
}

// TestRulesJSONPresets checks that every preset's rules survive JSON, on
// their own and inside another value, and that a missing key leaves its
// field zero.
func TestRulesJSONPresets(t *testing.T) {
	for _, p := range refPresets {
		data, err := json.Marshal(p.rules)
		if err != nil {
			t.Fatalf("json.Marshal(%v rules): %v", p.preset, err)
		}
		var got Rules
		if err := json.Unmarshal(data, &got); err != nil || got != p.rules {
			t.Errorf("%v: json.Unmarshal(%s) = %+v, %v; want %+v", p.preset, data, got, err, p.rules)
		}
		type doc struct {
			Name  string `json:"name"`
			Rules Rules  `json:"rules"`
			Ptr   *Rules `json:"ptr"`
		}
		r := p.rules
		in := doc{Name: p.preset.String(), Rules: p.rules, Ptr: &r}
		data, err = json.Marshal(in)
		if err != nil {
			t.Fatalf("json.Marshal(%+v): %v", in, err)
		}
		var out doc
		if err := json.Unmarshal(data, &out); err != nil || out.Name != in.Name || out.Rules != p.rules || out.Ptr == nil || *out.Ptr != p.rules {
			t.Errorf("%v: json.Unmarshal(%s) = %+v, %v", p.preset, data, out, err)
		}
	}
	// Core's zeros left out.
	core := `{"single_one":100,"single_five":50,"triple":[1000,200,300,400,500,600],"bonus":"none","split":true}`
	var got Rules
	if err := json.Unmarshal([]byte(core), &got); err != nil || got != refCore {
		t.Errorf("json.Unmarshal(%s) = %+v, %v; want Core %+v", core, got, err, refCore)
	}
}

// TestRulesJSONStrict checks that UnmarshalJSON rejects what is not the
// form of MarshalJSON, or not valid rules, and then leaves its receiver
// alone.
func TestRulesJSONStrict(t *testing.T) {
	base := appRulesJSON
	swap := func(old, new string) string {
		if !strings.Contains(base, old) {
			t.Fatalf("test case: %q is not in %s", old, base)
		}
		return strings.Replace(base, old, new, 1)
	}
	for _, tc := range []struct {
		name, data string
		rules      bool // the error is a *RulesError, wrapping ErrInvalidRules
	}{
		{"unknown key", swap(`"nothing":0`, `"nothing":0,"jackpot":100`), true},
		{"repeated key", swap(`"nothing":0`, `"nothing":0,"nothing":0`), true},
		{"null field", swap(`"single_five":50`, `"single_five":null`), true},
		{"miscased key", swap(`"single_one"`, `"Single_One"`), true},
		{"upper-case key", swap(`"nothing"`, `"NOTHING"`), true},
		{"Go field name", swap(`"single_one"`, `"SingleOne"`), true},
		{"triple of 5", swap(`[1000,200,300,400,500,600]`, `[1000,200,300,400,500]`), true},
		{"triple of 7", swap(`[1000,200,300,400,500,600]`, `[0,1000,200,300,400,500,600]`), true},
		{"triple empty", swap(`[1000,200,300,400,500,600]`, `[]`), true},
		{"triple null", swap(`[1000,200,300,400,500,600]`, `null`), true},
		{"triple not an array", swap(`[1000,200,300,400,500,600]`, `1000`), true},
		{"triple with a fraction", swap(`[1000,200,300,400,500,600]`, `[1000,200,300,400,500,600.5]`), true},
		{"fraction", swap(`"single_one":100`, `"single_one":100.5`), true},
		{"exponent", swap(`"straight":2500`, `"straight":2.5e3`), true},
		{"number as a string", swap(`"single_one":100`, `"single_one":"100"`), true},
		{"too big for an int", swap(`"nothing":0`, `"nothing":1e100`), true},
		{"bool as a number", swap(`"split":false`, `"split":0`), true},
		{"bonus unknown", swap(`"bonus":"fixed"`, `"bonus":"triple"`), true},
		{"bonus miscased", swap(`"bonus":"fixed"`, `"bonus":"Fixed"`), true},
		{"bonus as a number", swap(`"bonus":"fixed"`, `"bonus":0`), true},
		{"invalid: triple zero", swap(`[1000,200,`, `[1000,0,`), true},
		{"invalid: negative", swap(`"single_five":50`, `"single_five":-50`), true},
		{"invalid: too big", swap(`"straight":2500`, `"straight":1000001`), true},
		{"invalid: bonus none with four of a kind", swap(`"bonus":"fixed"`, `"bonus":"none"`), true},
		{"invalid: four as two pairs without three pairs", swap(`"three_pairs":1500`, `"three_pairs":0`), true},
		{"invalid: the empty object", `{}`, true},
		{"not an object: null", `null`, true},
		{"not an object: array", `[100,50]`, false},
		{"not an object: string", `"app"`, false},
		{"not JSON", `{"single_one":100,`, false},
		{"trailing data", base + `{}`, false},
	} {
		for _, via := range []string{"json.Unmarshal", "UnmarshalJSON"} {
			r := refZilch
			var err error
			if via == "json.Unmarshal" {
				err = json.Unmarshal([]byte(tc.data), &r)
			} else {
				err = r.UnmarshalJSON([]byte(tc.data))
			}
			if err == nil {
				t.Errorf("%s: %s(%s) accepted it: %+v", tc.name, via, tc.data, r)
				continue
			}
			if diff := cmp.Diff(refZilch, r); diff != "" {
				t.Errorf("%s: %s(%s) failed (%v) but changed the receiver (-before +after):\n%s", tc.name, via, tc.data, err, diff)
			}
			var re *RulesError
			if tc.rules && (!errors.As(err, &re) || !errors.Is(err, ErrInvalidRules)) {
				t.Errorf("%s: %s(%s) = %v; want a *RulesError wrapping ErrInvalidRules", tc.name, via, tc.data, err)
			}
		}
	}
}

// TestRulesJSONFirstProblem checks that the error names the first
// problem in the order of the text, the same every time.
func TestRulesJSONFirstProblem(t *testing.T) {
	data := `{"single_one":100,"zz":1,"aa":2,"single_one":5,"single_five":null}`
	for range 20 {
		var r Rules
		err := r.UnmarshalJSON([]byte(data))
		var re *RulesError
		if !errors.As(err, &re) || re.Field != `"zz"` {
			t.Fatalf("UnmarshalJSON(%s) = %v; want the error to name \"zz\"", data, err)
		}
	}
}

// TestRulesJSONInvalidBonus checks that rules whose Bonus is no constant
// do not encode.
func TestRulesJSONInvalidBonus(t *testing.T) {
	r := rulesWith(refCore, func(r *Rules) { r.Bonus = 9 })
	if data, err := json.Marshal(r); err == nil || !errors.Is(err, ErrInvalidRules) {
		t.Errorf("json.Marshal(rules with Bonus 9) = %s, %v; want an error wrapping ErrInvalidRules", data, err)
	}
	if data, err := r.MarshalJSON(); err == nil || data != nil {
		t.Errorf("MarshalJSON(rules with Bonus 9) = %s, %v; want an error", data, err)
	}
}
