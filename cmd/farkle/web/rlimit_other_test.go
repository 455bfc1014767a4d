//go:build !linux

package web

// lowerFileLimit does nothing but on Linux.
func lowerFileLimit(string) {}
