//go:build race

package testgate

const raceEnabled = true
