//go:build !linux

package web

import "os"

// syncfs is syncfs(2) where the system has it: not here.
func syncfs(*os.File) (ok bool, err error) { return false, nil }
