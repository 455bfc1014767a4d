//go:build !linux

package web

import (
	"errors"
	"os"
)

// openDirect is O_DIRECT|O_DSYNC where the system has them: not here,
// so the journal writes through the page cache and fsyncs.
func openDirect(string) (*os.File, error) { return nil, errors.ErrUnsupported }
