//go:build !linux

package server

// lowerFileLimit does nothing but on Linux.
func lowerFileLimit(string) {}
