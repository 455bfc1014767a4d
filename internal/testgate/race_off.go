//go:build !race

package testgate

const raceEnabled = false
