//go:build !linux

package web

import "testing"

// memDir finds a directory in memory on Linux only (a tmpfs at /dev/shm).
func memDir(t *testing.T) (dir, why string) {
	return "", "looked for on Linux only"
}
