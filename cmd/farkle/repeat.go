package main

import (
	"flag"
	"fmt"
)

// onceValue wraps the value of a flag so that giving the flag twice is a
// usage error, rather than the last value silently winning:
// "-keep 1 -keep 5" is refused.
type onceValue struct {
	flag.Value
	name     string
	set      bool
	repeated *string // the name of the first flag given twice
}

func (v *onceValue) Set(s string) error {
	if v.set {
		if *v.repeated == "" {
			*v.repeated = v.name
		}
		return errRepeated
	}
	v.set = true
	return v.Value.Set(s)
}

// IsBoolFlag keeps a boolean flag, such as -must-roll, one that takes no
// value.
func (v *onceValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

var errRepeated = fmt.Errorf("given twice")

// onceFlags makes every flag of fs one that may be given once, and
// returns where the name of the first flag given twice goes.
func onceFlags(fs *flag.FlagSet) *string {
	repeated := new(string)
	fs.VisitAll(func(f *flag.Flag) {
		f.Value = &onceValue{Value: f.Value, name: f.Name, repeated: repeated}
	})
	return repeated
}

// repeatedError returns the usage error of a flag given twice.
func repeatedError(name string) error {
	return usagef("-%s given twice: give each flag once", name)
}
