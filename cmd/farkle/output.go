package main

import (
	"io"
	"sync"
)

// An errWriter writes to w and keeps the first error of a write; after
// it, every write fails with that error and writes nothing. run wraps the
// standard output and error in one each, so that a run whose output could
// not be written exits 1 (and "farkle serve" logs from many goroutines,
// hence the lock).
type errWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	w.err = err
	return n, err
}

// writeError returns the first error of writes to w, if w is an errWriter.
func writeError(w io.Writer) error {
	ew, ok := w.(*errWriter)
	if !ok {
		return nil
	}
	ew.mu.Lock()
	defer ew.mu.Unlock()
	return ew.err
}
