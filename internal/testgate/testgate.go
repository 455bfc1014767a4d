// Package testgate is the one gate of the module's long tests: the checks
// that take minutes run only in the slow step of .ci/run, which sets
// FARKLE_SLOW=1, and never under -short or the race detector.
//
// Every test of the module that takes minutes calls [Minutes] first, so
// that plain "go test ./..." stays fast and one environment variable runs
// them all:
//
//	FARKLE_SLOW=1 go test -run 'TestX' ./strategy/win
package testgate

import (
	"os"
	"testing"
)

// Env is the environment variable that asks for the tests that take
// minutes: they run when it is "1".
const Env = "FARKLE_SLOW"

// Race reports whether the tests run under the race detector (go test
// -race), where the long loops check a sample of their inputs and the
// allocation counts are skipped.
const Race = raceEnabled

// Slow reports whether the tests that take minutes should run: FARKLE_SLOW
// is "1", the tests do not run with -short, and the race detector is off.
// It must be called from a test, after flag parsing.
func Slow() bool {
	return os.Getenv(Env) == "1" && !testing.Short() && !Race
}

// Minutes skips tb, with the command that runs it, unless [Slow].
func Minutes(tb testing.TB) {
	tb.Helper()
	if !Slow() {
		tb.Skip("takes minutes: run with " + Env + "=1 (not with -short nor -race)")
	}
}
