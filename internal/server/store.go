package server

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// A store is the data directory: one file ID.json a game, each replaced
// atomically.
type store struct {
	dir string
	d   *os.File // the directory, open for fsync
}

// tmpPrefix starts the names of the temporary files of a save.
const tmpPrefix = ".tmp-"

func openStore(dir string) (*store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	return &store{dir: dir, d: d}, nil
}

func (st *store) close() { st.d.Close() }

// path returns the file of game id.
func (st *store) path(id string) string { return filepath.Join(st.dir, id+".json") }

// save writes data as the file of game id atomically: a temporary file in
// the directory, written and fsynced, renamed over the file, then the
// directory fsynced, so that after a crash the file is either the old one
// or the new one, and once save returns the new one survives.
func (st *store) save(id string, data []byte) (err error) {
	f, err := os.CreateTemp(st.dir, tmpPrefix+id+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, st.path(id)); err != nil {
		return err
	}
	return st.d.Sync()
}

// A loadedFile is a saved game read at start-up.
type loadedFile struct {
	id   string
	data []byte
}

// readAll reads the saved games of the directory, at most max bytes each,
// and removes the temporary files that a crash left. Files that it cannot
// read are reported to logf and skipped.
func (st *store) readAll(max int64, logf func(string, ...any)) ([]loadedFile, error) {
	ents, err := os.ReadDir(st.dir)
	if err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	var files []loadedFile
	for _, de := range ents {
		name := de.Name()
		if strings.HasPrefix(name, tmpPrefix) {
			os.Remove(filepath.Join(st.dir, name)) // an unfinished save
			continue
		}
		id, ok := strings.CutSuffix(name, ".json")
		if !ok || !validID(id) || !de.Type().IsRegular() {
			continue
		}
		data, err := readLimited(filepath.Join(st.dir, name), max)
		if err != nil {
			logf("farkle serve: %s: %v; not loaded", name, err)
			continue
		}
		files = append(files, loadedFile{id, data})
	}
	return files, nil
}

// readLimited reads the file name, refusing more than max bytes.
func readLimited(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, errors.New("file too large")
	}
	return data, nil
}

// loadAll loads the games of the data directory.
func (s *Server) loadAll() error {
	max := s.cfg.Limits.MaxBytes
	if max <= 0 {
		max = 64 << 20 // game.DefaultMaxSaveBytes
	}
	// The wrapper adds the seats: some hundred bytes a seat.
	files, err := s.store.readAll(max+8<<10, s.logf)
	if err != nil {
		return err
	}
	for _, f := range files {
		g, seats, err := decodeSaved(f.data, s.cfg.Limits)
		if err != nil {
			s.logf("farkle serve: %s.json: %v; not loaded", f.id, err)
			continue
		}
		e := &entry{id: f.id, g: g, seats: seats, last: f.data}
		if e.bots, err = s.makeBots(g, seats); err != nil {
			s.logf("farkle serve: %s.json: %v; not loaded", f.id, err)
			continue
		}
		// A bot's turn is played before the save that ends a human's
		// turn, so none is due; a file written by hand may differ.
		if !g.Over() && e.bots[g.Current()] != nil {
			s.playBots(e)
			if err := s.persist(e); err != nil {
				return err
			}
		}
		s.games[f.id] = e
	}
	return nil
}

// persist saves e. On failure it puts e's game back as it was last saved,
// so that the server never acknowledges nor shows a move that is not on
// disk. The caller holds e.mu.
func (s *Server) persist(e *entry) error {
	data, err := e.marshal()
	if err == nil {
		err = s.store.save(e.id, data)
	}
	if err != nil {
		if e.last != nil {
			if g, _, lerr := decodeSaved(e.last, s.cfg.Limits); lerr == nil {
				e.g = g
			}
		}
		return err
	}
	e.last = data
	return nil
}
