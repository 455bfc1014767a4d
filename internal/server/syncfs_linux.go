package server

import (
	"os"
	"runtime"
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

// syncfs makes durable everything written to the file system of dir,
// with syncfs(2), which reports write-back errors since Linux 5.8; ok
// false where it is unknown.
func syncfs(dir *os.File) (ok bool, err error) {
	nr := syncfsCall()
	if nr == 0 {
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
