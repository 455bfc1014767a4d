// Package rulediff names the first field in which two rule sets differ,
// for the errors of packages strategy and strategy/win that refuse a table
// solved for other rules than a game's.
package rulediff

import (
	"fmt"
	"reflect"
	"strconv"
)

// First returns the first field, in the order of declaration, in which a
// and b differ, as a path such as "Target" or "Scoring.Triple[3]", with
// the two values of that field printed; ok is false when a and b are
// equal. It descends into structs and arrays, and reads exported fields
// only. a and b must be values of the same struct type; values of
// different types differ at the path "".
func First(a, b any) (field, va, vb string, ok bool) {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	if x.Type() != y.Type() {
		return "", fmt.Sprint(a), fmt.Sprint(b), true
	}
	return first("", x, y)
}

func first(path string, x, y reflect.Value) (string, string, string, bool) {
	switch x.Kind() {
	case reflect.Struct:
		t := x.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if p, va, vb, ok := first(p, x.Field(i), y.Field(i)); ok {
				return p, va, vb, true
			}
		}
		return "", "", "", false
	case reflect.Array:
		for i := range x.Len() {
			if p, va, vb, ok := first(path+"["+strconv.Itoa(i)+"]", x.Index(i), y.Index(i)); ok {
				return p, va, vb, true
			}
		}
		return "", "", "", false
	}
	if x.Equal(y) {
		return "", "", "", false
	}
	return path, fmt.Sprint(x.Interface()), fmt.Sprint(y.Interface()), true
}
