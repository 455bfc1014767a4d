//go:build race

package game

// raceEnabled reports whether the tests run under the race detector, where
// the heavy loops check a sample of their inputs and the allocation counts
// are skipped.
const raceEnabled = true
