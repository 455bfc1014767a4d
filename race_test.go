//go:build race

package farkle

// raceEnabled reports whether the tests run under the race detector, where
// the exhaustive sweeps check a sample of their inputs.
const raceEnabled = true
