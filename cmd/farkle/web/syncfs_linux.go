package web

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// syncfsCall is the number of the syncfs(2) system call on this
// architecture, or 0 where this file does not know it.
func syncfsCall() uintptr {
	switch runtime.GOARCH {
	case "amd64":
		return 306
	case "386":
		return 344
	case "arm64", "riscv64", "loong64":
		return 267
	}
	return 0
}

// syncfsReports reports whether the running kernel's syncfs(2) reports
// write-back errors: Linux 5.8 or later. Before, it returned 0 even when
// a write-back failed, and a checkpoint would have removed the journal
// on top of lost data. The kernel's release is read once.
var syncfsReports = sync.OnceValue(func() bool {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		return false
	}
	var rel []byte
	for _, c := range u.Release {
		if c == 0 {
			break
		}
		rel = append(rel, byte(c))
	}
	return kernelAtLeast(string(rel), 5, 8)
})

// kernelAtLeast reports whether the kernel release rel (as uname(2)
// gives it: "5.10.0-21-amd64") is major.minor or later; false if it
// cannot tell.
func kernelAtLeast(rel string, major, minor int) bool {
	parts := strings.SplitN(rel, ".", 3)
	if len(parts) < 2 {
		return false
	}
	num := func(s string) (int, bool) {
		end := 0
		for end < len(s) && '0' <= s[end] && s[end] <= '9' {
			end++
		}
		n, err := strconv.Atoi(s[:end])
		return n, err == nil
	}
	maj, ok1 := num(parts[0])
	mnr, ok2 := num(parts[1])
	if !ok1 || !ok2 {
		return false
	}
	return maj > major || maj == major && mnr >= minor
}

// syncfs makes durable everything written to the file system of dir,
// with syncfs(2); ok false where it is unknown, or where it does not
// report write-back errors (before Linux 5.8, see syncfsReports): the
// caller then fsyncs each file.
func syncfs(dir *os.File) (ok bool, err error) {
	nr := syncfsCall()
	if nr == 0 || !syncfsReports() {
		return false, nil
	}
	rc, err := dir.SyscallConn()
	if err != nil {
		return false, nil
	}
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(nr, fd, 0, 0)
	}); err != nil {
		return false, nil
	}
	if errno == syscall.ENOSYS {
		return false, nil
	}
	if errno != 0 {
		return true, os.NewSyscallError("syncfs", errno)
	}
	return true, nil
}
