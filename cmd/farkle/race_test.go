//go:build race

package main

// raceEnabled is true under the race detector, which makes the solver
// tests too slow to run here.
const raceEnabled = true
