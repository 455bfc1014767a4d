package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"time"
)

// A server is a "farkle serve" that loadgen started.
type server struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT
	dir  string // its data directory, removed by stop
	done chan error
}

// servingAt is how farkle serve says where it listens.
var servingAt = regexp.MustCompile(`playing at (http://[^/\s]+)/`)

// startServer starts "bin serve -addr 127.0.0.1:0" on a new data
// directory under parent ("" for the system's temporary directory), its
// standard error copied to stderr, and returns once it says its address.
func startServer(ctx context.Context, bin, parent string, stderr io.Writer) (*server, error) {
	dir, err := os.MkdirTemp(parent, "farkle-loadgen-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-data", dir)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &server{cmd: cmd, dir: dir, done: make(chan error, 1)}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := servingAt.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		io.Copy(io.Discard, out)
		s.done <- cmd.Wait()
	}()
	select {
	case s.url = <-found:
		return s, nil
	case err := <-s.done:
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%s serve exited before serving: %v", bin, err)
	case <-time.After(30 * time.Second):
	case <-ctx.Done():
	}
	cmd.Process.Kill()
	<-s.done
	os.RemoveAll(dir)
	return nil, fmt.Errorf("%s serve did not say its address", bin)
}

// stop stops the server (SIGTERM, then SIGKILL after 30 s) and removes its
// data directory.
func (s *server) stop(stderr io.Writer) {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			fmt.Fprintf(stderr, "loadgen: the server exited: %v\n", err)
		}
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
		fmt.Fprintln(stderr, "loadgen: the server did not stop in 30 s: killed")
	}
	os.RemoveAll(s.dir)
}
