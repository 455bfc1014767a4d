//go:build race

package win

// raceEnabled reports whether the tests run under the race detector,
// which makes them several times slower.
const raceEnabled = true
