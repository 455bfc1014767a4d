//go:build unix

package web

import "syscall"

// raiseFileLimit raises the soft limit of open files (RLIMIT_NOFILE) to
// the hard limit, and returns the soft limit, or 0 when it cannot be
// read. (The Go runtime raises it too at start-up; this reads it, and
// raises it where the runtime did not.)
func raiseFileLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	if r.Cur < r.Max {
		want := r
		want.Cur = r.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want) == nil {
			r = want
		}
	}
	if r.Cur <= 0 {
		return 0
	}
	return uint64(r.Cur)
}
