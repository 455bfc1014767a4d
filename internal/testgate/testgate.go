// Package testgate is the one gate of the module's long tests: the checks
// that take long (the published figures at target 10,000, the largest
// reference cases, the full Monte Carlo samples) run only in the slow step
// of .ci/run, which sets FARKLE_SLOW=1, and never under -short or the race
// detector.
//
// A test that takes long calls [Long] first; a test that checks small cases
// in the plain run and all of them in the slow step asks [Slow]. Plain
// "go test ./..." stays fast, and one environment variable runs them all:
//
//	FARKLE_SLOW=1 go test ./strategy/win
package testgate

import (
	"os"
	"testing"
)

// Env is the environment variable that asks for the tests that take
// long: they run when it is "1".
const Env = "FARKLE_SLOW"

// Race reports whether the tests run under the race detector (go test
// -race), where the long loops check a sample of their inputs and the
// allocation counts are skipped.
const Race = raceEnabled

// Slow reports whether the tests that take long should run: FARKLE_SLOW is
// "1", the tests do not run with -short, and the race detector is off. It
// must be called from a test, after flag parsing.
func Slow() bool {
	return os.Getenv(Env) == "1" && !testing.Short() && !Race
}

// WideEnv is the environment variable that asks, beside [Env], for the
// widest cases of the long tests: larger instances of checks that the
// slow step already makes at a smaller size, which .ci/run leaves out to
// stay within its time. They run when both are "1":
//
//	FARKLE_SLOW=1 FARKLE_WIDE=1 go test ./strategy/...
const WideEnv = "FARKLE_WIDE"

// Wide reports whether the widest cases should run too: [Slow], and
// FARKLE_WIDE is "1".
func Wide() bool {
	return Slow() && os.Getenv(WideEnv) == "1"
}

// Long skips tb, with the way to run it, unless [Slow].
func Long(tb testing.TB) {
	tb.Helper()
	if !Slow() {
		tb.Skip("takes long: run with " + Env + "=1 (not with -short nor -race), as .ci/run's slow step does")
	}
}
