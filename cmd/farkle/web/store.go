package web

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/farkle-go/farkle/game"
)

// The data directory holds one log a game, ID.log: an append-only file
// that starts with logMagic, then records, each a length and a checksum
// followed by a JSON payload:
//
//	4 bytes  the payload's length n, little-endian
//	4 bytes  the CRC-32C of those 4 bytes and the payload, little-endian
//	n bytes  the payload
//
// The first record is the header (logHeader: the rules, the players'
// names and the seats); each later one is a move (logRecord: the events
// that it added, and the dice source's state after them). A move's
// record is made durable in the journal (journal.go), which a checkpoint
// appends to the log: its cost is the move's, not the game's.
//
// A log written so, whose magic is logMagic, never has a torn tail: a
// checkpoint writes only what the journal holds, fsynced, and the
// recovery writes it again after a crash. Any bad record in it is
// damage, of acknowledged moves: the game is refused and its log set
// aside (errCorruptLog), never cut nor removed. A log of the earlier
// format, logMagicV1, was appended to directly, move by move, and a crash
// may have left a torn tail (a short record, or a bad one with no good
// one after it), never acknowledged: loading cuts it, then writes
// logMagic in place of logMagicV1, durably, so that the log is of the
// journal's format from then on. A bad record that good ones follow is
// damage in either format. Games of the first format, one ID.json a game
// rewritten whole at each move, are migrated at start-up.
const (
	logMagic   = "farkle-serve-log v2\n" // written through the journal
	logMagicV1 = "farkle-serve-log v1\n" // appended to directly: a crash may have torn its tail
	logExt     = ".log"
	jsonExt    = ".json"
	tmpPrefix  = ".tmp-" // the temporary files of a migration
	recordHead = 8       // the length and the checksum
	// maxRecord bounds a record's payload: a move's events, bots' turns
	// included (at most 10,000 turns), fit many times over.
	maxRecord = 64 << 20
	// logFormat and logVersion name the header's format.
	logFormat  = "farkle-serve-game"
	logVersion = 2
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// logHeader is the first record of a game's log.
type logHeader struct {
	Format  string     `json:"format"`
	Version int        `json:"version"`
	Rules   game.Rules `json:"rules"`
	Players []string   `json:"players"`
	Seats   []seat     `json:"seats"`
}

// logRecord is a move's record: the events from index From on, and the
// dice source's state after them; after a rename (a seat's name chosen on
// joining), the players' names too.
type logRecord struct {
	From   int          `json:"from"`
	Events []game.Event `json:"events"`
	Source sourceState  `json:"source"`
	Names  []string     `json:"names,omitempty"` // the players' names from this record on, after a rename
}

// appendRecord appends to b the framed record of payload.
func appendRecord(b, payload []byte) []byte {
	var head [recordHead]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(len(payload)))
	crc := crc32.Update(0, crcTable, head[:4])
	crc = crc32.Update(crc, crcTable, payload)
	binary.LittleEndian.PutUint32(head[4:], crc)
	b = append(b, head[:]...)
	return append(b, payload...)
}

// errTorn reports a record that a crash cut short or garbled.
var errTorn = errors.New("torn record")

// crc32Update returns crc updated with p, CRC-32C.
func crc32Update(crc uint32, p []byte) uint32 { return crc32.Update(crc, crcTable, p) }

// readRecord reads the next record of a game log from r into buf (grown
// as needed) and returns its payload, io.EOF at a clean end, or errTorn.
func readRecord(r *bufio.Reader, buf []byte) ([]byte, error) {
	return readRecordMax(r, buf, maxRecord)
}

// readRecordMax is readRecord of records of at most max bytes.
func readRecordMax(r *bufio.Reader, buf []byte, max int) ([]byte, error) {
	var head [recordHead]byte
	_, err := io.ReadFull(r, head[:])
	if err == io.EOF {
		return nil, io.EOF
	}
	if err == io.ErrUnexpectedEOF {
		return nil, errTorn
	}
	if err != nil {
		return nil, err
	}
	size := binary.LittleEndian.Uint32(head[:4])
	if size == 0 || size > uint32(max) {
		return nil, errTorn
	}
	if cap(buf) < int(size) {
		buf = make([]byte, size)
	}
	buf = buf[:size]
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, errTorn
		}
		return nil, err
	}
	crc := crc32.Update(0, crcTable, head[:4])
	if crc32.Update(crc, crcTable, buf) != binary.LittleEndian.Uint32(head[4:]) {
		return nil, errTorn
	}
	return buf, nil
}

// A store is the data directory. Its committer makes the writes
// durable, through the journal (journal.go).
type store struct {
	dir string
	d   *os.File // the directory, open for fsync

	c *committer
}

// openStore opens the data directory, replays the journal left by a
// crash into the games' logs, and starts the committer.
func openStore(dir string, observe func(time.Duration, error), logf func(string, ...any)) (*store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	next, _, err := recoverJournal(dir, d, logf)
	if err != nil {
		d.Close()
		return nil, err
	}
	st := &store{dir: dir, d: d}
	if st.c, err = newCommitter(d, dir, next, observe, logf); err != nil {
		d.Close()
		return nil, err
	}
	return st, nil
}

// close stops the committer, once no commit is pending, and closes the
// directory.
func (st *store) close() {
	st.c.close()
	st.d.Close()
}

// path returns the log of game id.
func (st *store) path(id string) string { return filepath.Join(st.dir, id+logExt) }

// remove deletes the log of game id, durably.
func (st *store) remove(id string) error { return st.c.remove(st.path(id)) }

// A loadedLog is a game read from its log.
type loadedLog struct {
	g       *game.Game
	seats   []seat
	src     source
	state   []byte // src's state after the last record
	size    int64  // the bytes of the good records
	torn    int64  // the bytes of a torn tail cut off, or 0
	modTime time.Time
}

// errCorruptLog reports a game log with a bad record in its middle.
var errCorruptLog = errors.New("corrupt log")

// corruptExt is the suffix of a corrupt log set aside.
const corruptExt = ".corrupt"

// readLog reads the log of a game, at most maxEvents events. In a log of
// the journal's format (logMagic), any bad record is errCorruptLog. In a
// log of the earlier format (logMagicV1), a torn tail (a bad record with
// no good one after it, see goodAfter) is cut off the file, and the
// magic is then made logMagic; a bad record that a good one follows is
// errCorruptLog. A file of errCorruptLog is left as it is.
func readLog(path string, maxEvents int) (*loadedLog, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	r := bufio.NewReaderSize(f, 64<<10)
	magic := make([]byte, len(logMagic))
	if _, err := io.ReadFull(r, magic); err != nil || (string(magic) != logMagic && string(magic) != logMagicV1) {
		if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
			if n := fi.Size(); n < int64(len(logMagic)) {
				m := string(magic[:n])
				if strings.HasPrefix(logMagicV1, m) && !strings.HasPrefix(logMagic, m) {
					return nil, errTorn // a game whose creation a crash cut short
				}
				if strings.HasPrefix(logMagic, m) {
					return nil, fmt.Errorf("%w: %d bytes, the beginning of a magic", errCorruptLog, n)
				}
			}
			return nil, errors.New("not a game log")
		}
		return nil, err
	}
	legacy := string(magic) == logMagicV1
	out, err := readRecords(f, r, fi, legacy, maxEvents)
	if err != nil || !legacy {
		return out, err
	}
	// Of the journal's format from now on: its tail is whole.
	if _, err := f.WriteAt([]byte(logMagic), 0); err != nil {
		return nil, fmt.Errorf("writing the magic: %w", err)
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("writing the magic: %w", err)
	}
	return out, nil
}

// readRecords reads the records of the log f after its magic, from r,
// for readLog.
func readRecords(f *os.File, r *bufio.Reader, fi os.FileInfo, legacy bool, maxEvents int) (*loadedLog, error) {
	var (
		buf   []byte
		h     logHeader
		evs   []game.Event
		src   source
		state []byte
		size  = int64(len(logMagic))
	)
	for i := 0; ; i++ {
		payload, err := readRecord(r, buf)
		if err == io.EOF {
			break
		}
		if err == errTorn {
			if !legacy {
				// Written by checkpoints, from the fsynced journal: never
				// torn by a crash. The record was damaged where it lay.
				return nil, fmt.Errorf("%w: a bad record at offset %d (record %d) of %d bytes", errCorruptLog, size, i, fi.Size())
			}
			if goodAfter(f, size, fi.Size(), maxRecord) {
				// Not a crash's torn tail, which is last: the record was
				// damaged where it lay, and the records after it may
				// have been acknowledged.
				return nil, fmt.Errorf("%w: a bad record at offset %d (record %d) that good ones follow", errCorruptLog, size, i)
			}
			if i < 2 {
				// The header, or the creation's first record: the game
				// was never acknowledged.
				return nil, errTorn
			}
			out := &loadedLog{torn: fi.Size() - size}
			if err := f.Truncate(size); err != nil {
				return nil, fmt.Errorf("cutting a torn tail: %w", err)
			}
			if err := f.Sync(); err != nil {
				return nil, fmt.Errorf("cutting a torn tail: %w", err)
			}
			return finishLog(out, h, evs, src, state, size, fi.ModTime())
		}
		if err != nil {
			return nil, err
		}
		buf = payload
		if i == 0 {
			if err := strictJSON(payload, &h); err != nil {
				return nil, fmt.Errorf("header: %w", err)
			}
			if h.Format != logFormat || h.Version != logVersion {
				return nil, fmt.Errorf("header: format %q version %d, want %q version %d", h.Format, h.Version, logFormat, logVersion)
			}
		} else {
			var rec logRecord
			if err := strictJSON(payload, &rec); err != nil {
				return nil, fmt.Errorf("record %d: %w", i, err)
			}
			if rec.From != len(evs) {
				return nil, fmt.Errorf("record %d: events from %d, want %d", i, rec.From, len(evs))
			}
			if len(evs)+len(rec.Events) > maxEvents {
				return nil, fmt.Errorf("more than %d events", maxEvents)
			}
			evs = append(evs, rec.Events...)
			if rec.Names != nil {
				if len(rec.Names) != len(h.Players) {
					return nil, fmt.Errorf("record %d: %d names, want %d", i, len(rec.Names), len(h.Players))
				}
				h.Players = rec.Names
			}
			if src, err = rec.Source.source(); err != nil {
				return nil, fmt.Errorf("record %d: %w", i, err)
			}
			state = rec.Source.State
		}
		size += recordHead + int64(len(payload))
	}
	if src == nil {
		if !legacy {
			return nil, fmt.Errorf("%w: a header without the creation's record", errCorruptLog)
		}
		return nil, errTorn // a header without the creation's record
	}
	return finishLog(&loadedLog{}, h, evs, src, state, size, fi.ModTime())
}

// finishLog replays the events read into out's game.
func finishLog(out *loadedLog, h logHeader, evs []game.Event, src source, state []byte, size int64, mod time.Time) (*loadedLog, error) {
	g, err := game.Replay(h.Rules, h.Players, evs)
	if err != nil {
		return nil, err
	}
	if err := checkSeats(h.Seats, g.View().NumPlayers()); err != nil {
		return nil, err
	}
	g.SetSource(src)
	out.g, out.seats, out.src, out.state, out.size, out.modTime = g, h.Seats, src, state, size, mod
	return out, nil
}

// strictJSON decodes data into v, refusing unknown keys and data after
// the value.
func strictJSON(data []byte, v any) error {
	dec := jsonDecoder(data)
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the value")
	}
	return nil
}

// logOf returns the beginning of a new game's log: the magic, the header
// and the first record, of the events of g so far.
func logOf(e *entry) ([]byte, error) {
	names := make([]string, e.g.View().NumPlayers())
	for i, p := range e.g.View().Players() {
		names[i] = p.Name
	}
	hb, err := json.Marshal(logHeader{Format: logFormat, Version: logVersion, Rules: e.g.View().Rules(), Players: names, Seats: e.seats})
	if err != nil {
		return nil, err
	}
	b := appendRecord([]byte(logMagic), hb)
	rb, _, err := e.record(0, nil)
	if err != nil {
		return nil, err
	}
	return appendRecord(b, rb), nil
}

// record returns the payload of the record of e's events from from on,
// and the source's state in it.
func (e *entry) record(from int, names []string) ([]byte, []byte, error) {
	state, err := e.src.MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	evs := e.g.EventsSince(from)
	if evs == nil {
		evs = []game.Event{}
	}
	rec := logRecord{From: from, Events: evs, Source: sourceState{Type: sourceType(e.src), State: state}, Names: names}
	if b, ok := appendLogRecord(make([]byte, 0, 256), &rec); ok {
		return b, state, nil
	}
	b, err := json.Marshal(rec) // never: encoding/json says why
	return b, state, err
}

// persist makes e's new events durable: the start of its log if it has
// none yet, else a record appended. On failure it puts e's game back as
// it was last saved, so that the server never acknowledges nor shows a
// move that is not on disk. The caller holds e.mu.
func (s *Server) persist(e *entry) error { return s.persistNames(e, nil) }

// persistNames is persist that also records the players' names, after a
// rename: names, if not nil, go into the record (the start of a log has
// them anyway).
func (s *Server) persistNames(e *entry, names []string) error {
	var data, state []byte
	var err error
	create := e.size == 0
	if create {
		data, err = logOf(e)
		if err == nil {
			state, err = e.src.MarshalBinary()
		}
	} else {
		var rb []byte
		if rb, state, err = e.record(e.saved, names); err == nil {
			data = appendRecord(nil, rb)
		}
	}
	if err == nil {
		err = s.store.c.commit(s.store.path(e.id), e.size, data, create)
	}
	if err != nil {
		s.undo(e)
		return err
	}
	e.saved, e.state, e.size = e.g.NumEvents(), state, e.size+int64(len(data))
	return nil
}

// undo puts e's game back as it was last saved: its events up to
// e.saved, replayed, and the dice source's state then. The caller holds
// e.mu.
func (s *Server) undo(e *entry) {
	if e.size == 0 || e.g.NumEvents() == e.saved {
		if e.state != nil {
			e.src.UnmarshalBinary(e.state)
		}
		return
	}
	names := make([]string, e.g.View().NumPlayers())
	for i, p := range e.g.View().Players() {
		names[i] = p.Name
	}
	var evs []game.Event
	if e.saved > 0 {
		evs = e.g.EventsSince(0)[:e.saved]
	}
	g, err := game.Replay(e.g.View().Rules(), names, evs)
	if err != nil {
		s.logf("farkle serve: game %s: undo: %v", e.id, err) // a bug: the game's own history replays
		return
	}
	if err := e.src.UnmarshalBinary(e.state); err != nil {
		s.logf("farkle serve: game %s: undo: %v", e.id, err)
	}
	g.SetSource(e.src)
	e.g = g
}

// loadAll loads the games of the data directory: the logs, and the
// saves of the first format, which it migrates to logs. It removes the
// temporary files that a crash left, cuts torn tails, and removes the
// games that have expired. Files that it cannot read are reported to
// logf and left in place.
func (s *Server) loadAll() error {
	ents, err := os.ReadDir(s.store.dir)
	if err != nil {
		return fmt.Errorf("server: data directory: %w", err)
	}
	logs := make(map[string]bool)
	for _, de := range ents {
		if id, ok := strings.CutSuffix(de.Name(), logExt); ok && validID(id) && de.Type().IsRegular() {
			logs[id] = true
		}
	}
	now := s.now()
	for _, de := range ents {
		name := de.Name()
		path := filepath.Join(s.store.dir, name)
		if strings.HasPrefix(name, tmpPrefix) {
			os.Remove(path) // an unfinished migration
			continue
		}
		id, ext := name, ""
		for _, x := range []string{logExt, jsonExt} {
			if v, ok := strings.CutSuffix(name, x); ok {
				id, ext = v, x
			}
		}
		if ext == "" || !validID(id) {
			continue
		}
		if !de.Type().IsRegular() {
			what := "not a regular file"
			if de.Type()&fs.ModeSymlink != 0 {
				what = "a symbolic link"
			}
			s.logf("farkle serve: %s: %s; not loaded", name, what)
			continue
		}
		var e *entry
		if ext == jsonExt {
			if logs[id] {
				// Migrated, and the crash came before the old save's
				// removal.
				os.Remove(path)
				continue
			}
			if e, err = s.migrate(id, path); err != nil {
				s.logf("farkle serve: %s: %v; not loaded", name, err)
				continue
			}
		} else {
			l, err := readLog(path, s.loadEvents)
			if err == errTorn {
				s.logf("farkle serve: %s: a game whose creation a crash cut short (never acknowledged); removed", name)
				os.Remove(path)
				continue
			}
			if errors.Is(err, errCorruptLog) {
				// Never cut nor removed: the game is refused, and its log
				// kept aside for a look, out of the way of the next
				// start-ups.
				aside := path + corruptExt
				if rerr := os.Rename(path, aside); rerr != nil {
					s.logf("farkle serve: %s: %v; not loaded, and not set aside: %v", name, err, rerr)
				} else {
					s.logf("farkle serve: %s: %v; not loaded, set aside as %s", name, err, filepath.Base(aside))
				}
				continue
			}
			if err != nil {
				s.logf("farkle serve: %s: %v; not loaded", name, err)
				continue
			}
			if l.torn > 0 {
				s.logf("farkle serve: %s: a torn record at its end (%d bytes, never acknowledged), cut off", name, l.torn)
			}
			e = &entry{id: id, g: l.g, seats: l.seats, src: l.src, state: l.state, size: l.size, saved: l.g.NumEvents(), touched: l.modTime}
		}
		if s.expired(e, now) {
			if err := s.store.remove(id); err != nil {
				s.logf("farkle serve: %s: removing an expired game: %v", name, err)
			}
			s.metrics.expired.Add(1)
			continue
		}
		if e.bots, err = s.makeBots(e.g, e.seats); err != nil {
			s.logf("farkle serve: %s: %v; not loaded", name, err)
			continue
		}
		// A bot's turn is played before the save that ends a human's
		// turn, so none is due; a file written by hand may differ.
		if !e.g.View().Over() && e.bots[e.g.View().Current()] != nil {
			s.playBots(e)
			if err := s.persist(e); err != nil {
				return err
			}
		}
		s.games[id] = e
	}
	s.count.Store(int64(len(s.games)))
	return nil
}

// migrate turns the save of the first format at path into the log of
// game id: written to a temporary file, fsynced, renamed, the directory
// fsynced, and only then the old save removed.
func (s *Server) migrate(id, path string) (*entry, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	max := s.cfg.Limits.MaxBytes
	if max <= 0 {
		max = game.DefaultMaxSaveBytes
	}
	// The wrapper adds the seats: some hundred bytes a seat.
	g, seats, src, err := readSaved(path, max+8<<10, s.cfg.Limits)
	if err != nil {
		return nil, err
	}
	e := &entry{id: id, g: g, seats: seats, src: src, touched: fi.ModTime()}
	data, err := logOf(e)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(s.store.dir, tmpPrefix+id+"-*")
	if err != nil {
		return nil, err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chtimes(tmp, fi.ModTime(), fi.ModTime()) // the game's age, for its expiry
	}
	if err == nil {
		err = os.Rename(tmp, s.store.path(id))
	}
	if err == nil {
		err = s.store.d.Sync()
	}
	if err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("migrating: %w", err)
	}
	if err := os.Remove(path); err != nil {
		s.logf("farkle serve: %s: migrated, but the old save stays: %v", filepath.Base(path), err)
	}
	e.saved, e.size = g.NumEvents(), int64(len(data))
	e.state, _ = src.MarshalBinary()
	s.logf("farkle serve: %s: migrated to %s%s (%d events)", filepath.Base(path), id, logExt, e.saved)
	return e, nil
}

// readSaved reads the save of the first format at path, at most max
// bytes.
func readSaved(path string, max int64, lim game.Limits) (*game.Game, []seat, source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, nil, nil, err
	}
	if int64(len(data)) > max {
		return nil, nil, nil, errors.New("file too large")
	}
	return decodeSaved(data, lim)
}
