//go:build linux

package web

import (
	"os"
	"syscall"
)

// openDirect opens the journal file path a second time for the
// committer's writes, each written straight to the disk and durable
// when the write returns (O_DIRECT|O_DSYNC), or fails where the file
// system takes no direct writes (the caller then also tries a first
// direct write, which fails where they need larger blocks).
func openDirect(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|syscall.O_DIRECT|syscall.O_DSYNC, 0)
}
