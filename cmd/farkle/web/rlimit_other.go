//go:build !unix

package web

// raiseFileLimit returns 0: where there is no RLIMIT_NOFILE, the
// connection cap is left as configured.
func raiseFileLimit() uint64 { return 0 }
