//go:build !race

package main

// raceEnabled is true under the race detector.
const raceEnabled = false
