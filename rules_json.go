package farkle

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

var bonusText = [...]string{"fixed", "add-triple", "double", "none"}

// MarshalText returns the name of b in JSON and other text formats:
// "fixed", "add-triple", "double" or "none".
func (b Bonus) MarshalText() ([]byte, error) {
	if int(b) >= len(bonusText) {
		return nil, &RulesError{Field: "bonus", Reason: "is not a Bonus constant: " + b.String()}
	}
	return []byte(bonusText[b]), nil
}

// UnmarshalText sets b from a name that [Bonus.MarshalText] returns.
func (b *Bonus) UnmarshalText(text []byte) error {
	for i, n := range bonusText {
		if n == string(text) {
			*b = Bonus(i)
			return nil
		}
	}
	return &RulesError{Field: "bonus", Reason: strconv.Quote(string(text)) + " is not fixed, add-triple, double nor none"}
}

// rulesKeys are the JSON keys of Rules, in order. They are part of the
// API: they never change, whatever the Go fields are called.
var rulesKeys = [...]string{
	"single_one", "single_five", "triple", "bonus",
	"four_of_a_kind", "five_of_a_kind", "six_of_a_kind", "split",
	"straight", "three_pairs", "four_as_two_pairs",
	"four_and_pair", "two_triplets", "nothing",
	"low_straight", "high_straight",
}

// firstOptionalKey is the index in rulesKeys of the first key that
// [Rules.MarshalJSON] writes only when its field is not 0: the keys added
// after the first version, so that rules without them read as before.
const firstOptionalKey = 14

// fields returns pointers to the fields of r in the order of rulesKeys;
// Triple and Bonus are nil (they have their own forms).
func (r *Rules) fields() [len(rulesKeys)]any {
	return [...]any{
		&r.SingleOne, &r.SingleFive, nil, nil,
		&r.FourOfAKind, &r.FiveOfAKind, &r.SixOfAKind, &r.Split,
		&r.Straight, &r.ThreePairs, &r.FourAsTwoPairs,
		&r.FourAndPair, &r.TwoTriplets, &r.Nothing,
		&r.LowStraight, &r.HighStraight,
	}
}

// MarshalJSON encodes r as an object with every field under a stable
// lower-case key, Triple as the six points of faces 1 to 6 and Bonus by
// name. The keys of the short straights, "low_straight" and
// "high_straight", are written only when their points are not 0, so that
// rules without them read as they did before those fields. The App rules
// read:
//
//	{"single_one":100,"single_five":50,"triple":[1000,200,300,400,500,600],
//	 "bonus":"fixed","four_of_a_kind":1000,"five_of_a_kind":2000,
//	 "six_of_a_kind":3000,"split":false,"straight":2500,"three_pairs":1500,
//	 "four_as_two_pairs":true,"four_and_pair":0,"two_triplets":0,"nothing":0}
func (r Rules) MarshalJSON() ([]byte, error) {
	bonus, err := r.Bonus.MarshalText()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r.fields() {
		if v, ok := f.(*int); ok && i >= firstOptionalKey && *v == 0 {
			continue
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + rulesKeys[i] + `":`)
		switch v := f.(type) {
		case *int:
			b.WriteString(strconv.Itoa(*v))
		case *bool:
			b.WriteString(strconv.FormatBool(*v))
		default:
			if rulesKeys[i] == "triple" {
				b.WriteByte('[')
				for f := 1; f <= 6; f++ {
					if f > 1 {
						b.WriteByte(',')
					}
					b.WriteString(strconv.Itoa(r.Triple[f]))
				}
				b.WriteByte(']')
			} else {
				b.WriteString(`"` + string(bonus) + `"`)
			}
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON decodes the form of [Rules.MarshalJSON] and checks the
// rules as [New] does. Keys must be spelled exactly so; an unknown or
// repeated key, a null, a "triple" without exactly six numbers, a number
// that is not an integer, or data after the object is an error, always a
// [*RulesError] (the first problem in the order of the text). A key that
// is missing leaves its field zero. On error r is unchanged.
func (r *Rules) UnmarshalJSON(data []byte) error {
	invalid := func(err error) error {
		return &RulesError{Field: "rules", Reason: "are not valid JSON: " + err.Error()}
	}
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	if err != nil {
		return invalid(err)
	}
	if tok != json.Delim('{') {
		return &RulesError{Field: "rules", Reason: "must be a JSON object"}
	}
	var out Rules
	fields := out.fields()
	var seen [len(rulesKeys)]bool
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return invalid(err)
		}
		key, _ := tok.(string)
		i := 0
		for i < len(rulesKeys) && rulesKeys[i] != key {
			i++
		}
		switch {
		case i == len(rulesKeys):
			return &RulesError{Field: strconv.Quote(key), Reason: "is not a key of rules (keys are lower-case)"}
		case seen[i]:
			return &RulesError{Field: key, Reason: "is repeated"}
		}
		seen[i] = true
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return invalid(err)
		}
		if string(raw) == "null" {
			return &RulesError{Field: key, Reason: "must not be null"}
		}
		switch key {
		case "triple":
			var t []int
			if err = json.Unmarshal(raw, &t); err == nil && len(t) != 6 {
				return &RulesError{Field: "triple", Reason: "must have six points, for faces 1 to 6"}
			}
			copy(out.Triple[1:], t)
		case "bonus":
			err = json.Unmarshal(raw, &out.Bonus)
		default:
			err = json.Unmarshal(raw, fields[i])
		}
		if err != nil {
			return &RulesError{Field: key, Reason: "is not valid: " + err.Error()}
		}
	}
	if _, err := d.Token(); err != nil { // the closing brace
		return invalid(err)
	}
	if _, err := d.Token(); err != io.EOF {
		return &RulesError{Field: "rules", Reason: "have data after the object"}
	}
	if err := out.check(); err != nil {
		return err
	}
	*r = out
	return nil
}
