package web

import (
	"os"
	"syscall"
	"testing"
)

// tmpfsMagic is the f_type that statfs(2) gives for a tmpfs.
const tmpfsMagic = 0x01021994

// memDir returns a new directory in a tmpfs (/dev/shm), removed when t
// ends, or "" and the reason when there is none with room for the load
// test.
func memDir(t *testing.T) (dir, why string) {
	const root, room = "/dev/shm", 16 << 20 // the full test writes about 1 MiB
	var st syscall.Statfs_t
	if err := syscall.Statfs(root, &st); err != nil {
		return "", err.Error()
	}
	if int64(st.Type) != tmpfsMagic {
		return "", root + " is not a tmpfs"
	}
	if free := uint64(st.Bavail) * uint64(st.Bsize); free < room {
		return "", root + " has under 16 MiB free"
	}
	dir, err := os.MkdirTemp(root, "farkle-load-")
	if err != nil {
		return "", err.Error()
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir, ""
}
