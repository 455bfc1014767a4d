//go:build linux

package web

import (
	"syscall"
	"testing"
)

// The journal's file, where it takes direct writes, has O_DIRECT and
// O_DSYNC: without O_DSYNC a write would return before it is durable,
// which no copy of the directory after a process's crash can tell.
func TestJournalDirectFlags(t *testing.T) {
	st, _ := directStore(t)
	defer st.close()
	if !st.c.direct {
		t.Skip("the temporary directory's file system takes no direct writes")
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, st.c.j.Fd(), syscall.F_GETFL, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	if want := uintptr(syscall.O_DIRECT | syscall.O_DSYNC); flags&want != want {
		t.Errorf("the journal's flags %#x, want O_DIRECT|O_DSYNC (%#x) among them", flags, want)
	}
}
