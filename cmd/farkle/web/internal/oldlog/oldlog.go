// Package oldlog reads the data directories of the earlier versions of
// farkle serve, to import their games into a web.Store once: the game
// logs ID.log (v2, written through a journal, and v1, appended to
// directly) and the saves of the first format, ID.json. It only reads:
// Read returns each game as the records of the web.Server's format, and
// the files that it found, for the caller to move out of the way once
// the games are stored. The journal that the earlier server left after
// an unclean stop (journal-SEQ.wal) is applied to the logs in memory.
//
// A log is a magic, then records, each a length and a checksum followed
// by a JSON payload:
//
//	4 bytes  the payload's length n, little-endian
//	4 bytes  the CRC-32C of those 4 bytes and the payload, little-endian
//	n bytes  the payload
//
// The first record is the header (the rules, the players' names and the
// seats), the second the creation's events, each later one a move. In a
// v2 log any bad record is damage; in a v1 log a bad record that no good
// one follows is a crash's torn tail, never acknowledged, and left out.
package oldlog

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/game"
)

// The old files.
const (
	MagicV2    = "farkle-serve-log v2\n" // written through the journal
	MagicV1    = "farkle-serve-log v1\n" // appended to directly: a crash may have torn its tail
	LogExt     = ".log"
	JSONExt    = ".json"
	tmpPrefix  = ".tmp-" // the temporary files of a migration to logs
	recordHead = 8       // a record's length and checksum
	// maxRecord bounds a record's payload.
	maxRecord = 64 << 20
	// maxSave bounds a save of the first format.
	maxSave = game.DefaultMaxSaveBytes + 8<<10
	// The header's format in a log, and in the records made.
	headerFormat = "farkle-serve-game"
	oldVersion   = 2
	newVersion   = 3
)

// The errors of Read.
var (
	// ErrJournal: the journal that an earlier farkle serve left (it did
	// not stop cleanly) is damaged where moves were acknowledged:
	// nothing is imported.
	ErrJournal = errors.New("the journal of the earlier farkle serve is damaged")
	// ErrDamaged: a file that is not a game of the old formats, or one
	// with a bad record where moves were acknowledged.
	ErrDamaged = errors.New("damaged")
	// ErrCutShort: a game whose creation a crash cut short: it was
	// never acknowledged.
	ErrCutShort = errors.New("a game whose creation a crash cut short (never acknowledged)")
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// A Game is a game read from the old files.
type Game struct {
	ID string
	// Records are its records in the format of web.Server: At is the
	// old file's time of modification (the expiry counts from it, as it
	// did), Finished whether the game is over.
	Records []web.Record
	// Note says what was left out, if anything: a torn tail.
	Note string
}

// A Problem is an old file that was not read, and why.
type Problem struct {
	Name string // the file's name in the directory
	Err  error  // wraps ErrDamaged or ErrCutShort, or another failure
}

// A Result is what Read found.
type Result struct {
	Games []Game
	// Refused are the files that were not read; those whose Err wraps
	// ErrCutShort held nothing acknowledged, and are in Done.
	Refused []Problem
	// Done are the names of the old files whose games are in Games (or
	// never held an acknowledged game): to move out of the way once the
	// games are stored.
	Done []string
}

// Found reports whether dir holds any file of the old formats, journal
// included.
func Found(dir string) (bool, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, de := range ents {
		if _, _, ok := oldName(de.Name()); ok || isJournal(de.Name()) {
			return true, nil
		}
	}
	return false, nil
}

// oldName returns the id and extension of an old game file's name.
func oldName(name string) (id, ext string, ok bool) {
	if strings.HasPrefix(name, tmpPrefix) {
		return "", tmpPrefix, true
	}
	for _, x := range []string{LogExt, JSONExt} {
		if id, found := strings.CutSuffix(name, x); found && web.ValidID(id) {
			return id, x, true
		}
	}
	return "", "", false
}

// isJournal reports whether name is a file of the old journal: its
// files, journal-SEQ.wal, and their end marks, journal-SEQ.end.
func isJournal(name string) bool {
	return strings.HasPrefix(name, "journal-") && (strings.HasSuffix(name, ".wal") || strings.HasSuffix(name, ".end"))
}

// Read reads the old files of dir: every game, within maxEvents events
// each, with the journal that an unclean stop of the earlier server left
// applied to the logs (in memory). It fails with ErrJournal, reading
// nothing, if that journal is damaged.
func Read(dir string, maxEvents int) (Result, error) {
	var res Result
	ents, err := os.ReadDir(dir)
	if err != nil {
		return res, err
	}
	names := make([]string, len(ents))
	for i, de := range ents {
		names[i] = de.Name()
	}
	wals, ends := journalFiles(names)
	var jlogs map[string]*memLog
	if len(wals) > 0 {
		if jlogs, err = replayJournals(dir, wals); err != nil {
			return res, err
		}
	}
	logs := make(map[string]bool) // the ids of the logs, on disk or made by the journal
	for _, de := range ents {
		if id, ext, ok := oldName(de.Name()); ok && ext == LogExt && de.Type().IsRegular() {
			logs[id] = true
		}
	}
	var journalOnly []string
	for name, l := range jlogs {
		id := strings.TrimSuffix(name, LogExt)
		if !logs[id] && !l.removed {
			journalOnly = append(journalOnly, name)
			logs[id] = true
		}
	}
	slices.Sort(journalOnly)
	read := func(name, id, ext string, readFile func() (Game, error)) {
		g, err := readFile()
		if err != nil {
			res.Refused = append(res.Refused, Problem{name, err})
			if errors.Is(err, ErrCutShort) {
				res.Done = append(res.Done, name)
			}
			return
		}
		g.ID = id
		res.Games = append(res.Games, g)
		res.Done = append(res.Done, name)
	}
	for _, de := range ents {
		name := de.Name()
		id, ext, ok := oldName(name)
		if !ok {
			continue
		}
		if ext == tmpPrefix {
			res.Done = append(res.Done, name) // an unfinished migration, of a save that stayed
			continue
		}
		if !de.Type().IsRegular() {
			res.Refused = append(res.Refused, Problem{name, fmt.Errorf("%w: not a regular file", ErrDamaged)})
			continue
		}
		path := filepath.Join(dir, name)
		switch l := jlogs[name]; {
		case ext == JSONExt && logs[id]:
			res.Done = append(res.Done, name) // migrated to the log, its removal cut short
		case ext == JSONExt:
			read(name, id, ext, func() (Game, error) { return ReadSaved(path) })
		case l == nil:
			read(name, id, ext, func() (Game, error) { return ReadLog(path, maxEvents) })
		case l.removed:
			res.Done = append(res.Done, name) // removed (expired) by the journal
		case l.bad != "":
			res.Refused = append(res.Refused, Problem{name, fmt.Errorf("%w: %s", ErrDamaged, l.bad)})
		default:
			read(name, id, ext, func() (Game, error) { return parseLog(l.data, l.mod, maxEvents) })
		}
	}
	for _, name := range journalOnly {
		l := jlogs[name]
		id := strings.TrimSuffix(name, LogExt)
		if l.bad != "" {
			res.Refused = append(res.Refused, Problem{name + " (in the journal)", fmt.Errorf("%w: %s", ErrDamaged, l.bad)})
			continue
		}
		g, err := parseLog(l.data, l.mod, maxEvents)
		if err != nil {
			res.Refused = append(res.Refused, Problem{name + " (in the journal)", err})
			continue
		}
		g.ID = id
		res.Games = append(res.Games, g)
	}
	res.Done = append(append(res.Done, wals...), ends...)
	return res, nil
}

// readRecord reads the next record from r into buf (grown as needed) and
// returns its payload, io.EOF at a clean end, or errTorn.
func readRecord(r *bufio.Reader, buf []byte) ([]byte, error) {
	return readRecordBuf(r, buf, maxRecord)
}

// readRecordMax is readRecord of records of at most max bytes.
func readRecordMax(r *bufio.Reader, max int) ([]byte, error) {
	return readRecordBuf(r, nil, max)
}

func readRecordBuf(r *bufio.Reader, buf []byte, max int) ([]byte, error) {
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

// errTorn is a record cut short or garbled.
var errTorn = errors.New("torn record")

// goodAfter reports whether, in f of size bytes, the bad record at pos
// is followed by a good one: one that starts where the bad one's length
// says it ends. A crash leaves a torn record last; a good one after a bad
// one is damage.
func goodAfter(f io.ReaderAt, pos, size int64) bool {
	var head [recordHead]byte
	if _, err := f.ReadAt(head[:], pos); err != nil {
		return false
	}
	n := binary.LittleEndian.Uint32(head[:4])
	if n == 0 || n > maxRecord {
		return false
	}
	next := pos + recordHead + int64(n)
	if next >= size {
		return false
	}
	_, err := readRecord(bufio.NewReader(io.NewSectionReader(f, next, size-next)), nil)
	return err == nil
}

// header is a log's first record.
type header struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Rules   game.Rules      `json:"rules"`
	Players []string        `json:"players"`
	Seats   json.RawMessage `json:"seats"`
}

// move is a log's later record: the events from From on and the dice
// source's state after them; after a rename, the players' names.
type move struct {
	From   int             `json:"from"`
	Events []game.Event    `json:"events"`
	Source json.RawMessage `json:"source"`
	Names  []string        `json:"names,omitempty"`
}

// strictJSON decodes data into v, refusing unknown keys and data after
// the value.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the value")
	}
	return nil
}

// ReadLog reads the game log at path (v2 or v1), at most maxEvents
// events, and returns its game; its ID is left to the caller.
func ReadLog(path string, maxEvents int) (Game, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Game{}, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Game{}, err
	}
	return parseLog(data, fi.ModTime(), maxEvents)
}

// parseLog reads the game log data, last changed at mod.
func parseLog(data []byte, mod time.Time, maxEvents int) (Game, error) {
	size := int64(len(data))
	f := bytes.NewReader(data)
	r := bufio.NewReaderSize(f, 64<<10)
	magic := make([]byte, len(MagicV2))
	n, err := io.ReadFull(r, magic)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return Game{}, err
	}
	if m := string(magic[:n]); m != MagicV2 && m != MagicV1 {
		if n < len(MagicV1) && strings.HasPrefix(MagicV1, m) && !strings.HasPrefix(MagicV2, m) {
			return Game{}, ErrCutShort
		}
		return Game{}, fmt.Errorf("%w: not a game log", ErrDamaged)
	}
	legacy := string(magic) == MagicV1
	var (
		payloads [][]byte
		torn     int64
		pos      = int64(len(MagicV2))
	)
	for i := 0; ; i++ {
		p, err := readRecord(r, nil)
		if err == io.EOF {
			break
		}
		if err == errTorn {
			switch {
			case !legacy:
				return Game{}, fmt.Errorf("%w: a bad record at offset %d (record %d) of %d bytes", ErrDamaged, pos, i, size)
			case goodAfter(f, pos, size):
				return Game{}, fmt.Errorf("%w: a bad record at offset %d (record %d) that good ones follow", ErrDamaged, pos, i)
			case i < 2:
				return Game{}, ErrCutShort
			}
			torn = size - pos
			break
		}
		if err != nil {
			return Game{}, err
		}
		payloads = append(payloads, p)
		pos += recordHead + int64(len(p))
	}
	if len(payloads) < 2 {
		if legacy {
			return Game{}, ErrCutShort
		}
		return Game{}, fmt.Errorf("%w: a header without the creation's record", ErrDamaged)
	}
	g, err := convert(payloads, maxEvents, mod)
	if err != nil {
		return Game{}, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	if torn > 0 {
		g.Note = fmt.Sprintf("a torn record at its end (%d bytes, never acknowledged) left out", torn)
	}
	return g, nil
}

// convert makes the records of a game of the log's payloads: the header
// and the creation's record become record 0, the moves the records after
// it. The game is replayed, to check it and to know whether it is over.
func convert(payloads [][]byte, maxEvents int, at time.Time) (Game, error) {
	var h header
	if err := strictJSON(payloads[0], &h); err != nil {
		return Game{}, fmt.Errorf("header: %v", err)
	}
	if h.Format != headerFormat || h.Version != oldVersion {
		return Game{}, fmt.Errorf("header: format %q version %d, want %q version %d", h.Format, h.Version, headerFormat, oldVersion)
	}
	players := h.Players
	var evs []game.Event
	moves := make([]move, len(payloads)-1)
	for i := range moves {
		m := &moves[i]
		if err := strictJSON(payloads[i+1], m); err != nil {
			return Game{}, fmt.Errorf("record %d: %v", i+1, err)
		}
		if m.From != len(evs) {
			return Game{}, fmt.Errorf("record %d: events from %d, want %d", i+1, m.From, len(evs))
		}
		if len(evs)+len(m.Events) > maxEvents {
			return Game{}, fmt.Errorf("more than %d events", maxEvents)
		}
		evs = append(evs, m.Events...)
		if m.Names != nil {
			if len(m.Names) != len(players) {
				return Game{}, fmt.Errorf("record %d: %d names, want %d", i+1, len(m.Names), len(players))
			}
			players = m.Names
		}
	}
	g, err := game.Replay(h.Rules, players, evs)
	if err != nil {
		return Game{}, err
	}
	first := moves[0]
	if first.Events == nil {
		first.Events = []game.Event{}
	}
	if first.Names != nil {
		h.Players = first.Names
	}
	start, err := startRecord(h.Rules, h.Players, h.Seats, first.Events, first.Source)
	if err != nil {
		return Game{}, err
	}
	recs := []web.Record{{Data: start, At: at}}
	for _, m := range moves[1:] {
		if m.Events == nil {
			m.Events = []game.Event{}
		}
		data, err := json.Marshal(m)
		if err != nil {
			return Game{}, err
		}
		recs = append(recs, web.Record{Data: data, At: at})
	}
	recs[len(recs)-1].Finished = g.View().Over()
	return Game{Records: recs}, nil
}

// startRecord returns record 0 of a game in the web.Server's format:
// the header and the creation's events in one object.
func startRecord(rules game.Rules, players []string, seats json.RawMessage, events []game.Event, source json.RawMessage) ([]byte, error) {
	return json.Marshal(struct {
		Format  string          `json:"format"`
		Version int             `json:"version"`
		Rules   game.Rules      `json:"rules"`
		Players []string        `json:"players"`
		Seats   json.RawMessage `json:"seats"`
		From    int             `json:"from"`
		Events  []game.Event    `json:"events"`
		Source  json.RawMessage `json:"source"`
	}{headerFormat, newVersion, rules, players, seats, 0, events, source})
}

// saved is a save of the first format: the game's own save and its
// seats.
type saved struct {
	Version int             `json:"version"`
	Game    json.RawMessage `json:"game"`
	Seats   json.RawMessage `json:"seats"`
}

// ReadSaved reads the save of the first format at path, and returns its
// game, of one record; its ID is left to the caller. A save without the
// dice source's state gets a new source, as the server gave it.
func ReadSaved(path string) (Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return Game{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Game{}, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSave+1))
	if err != nil {
		return Game{}, err
	}
	if len(data) > maxSave {
		return Game{}, fmt.Errorf("%w: more than %d bytes", ErrDamaged, maxSave)
	}
	var sv saved
	if err := strictJSON(data, &sv); err != nil {
		return Game{}, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	if sv.Version != 1 {
		return Game{}, fmt.Errorf("%w: version %d, want 1", ErrDamaged, sv.Version)
	}
	g, err := game.Load(bytes.NewReader(sv.Game), game.Limits{})
	if err != nil {
		return Game{}, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	var gs struct {
		Source json.RawMessage `json:"source"`
	}
	if err := json.Unmarshal(sv.Game, &gs); err != nil {
		return Game{}, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	source := gs.Source
	if len(source) == 0 || string(source) == "null" {
		var seed [32]byte
		rand.Read(seed[:])
		state, err := mrand.NewChaCha8(seed).MarshalBinary()
		if err != nil {
			return Game{}, err
		}
		if source, err = json.Marshal(struct {
			Type  string `json:"type"`
			State []byte `json:"state"`
		}{"chacha8", state}); err != nil {
			return Game{}, err
		}
	}
	players := make([]string, g.View().NumPlayers())
	for i, p := range g.View().Players() {
		players[i] = p.Name
	}
	events := g.EventsSince(0)
	if events == nil {
		events = []game.Event{}
	}
	start, err := startRecord(g.View().Rules(), players, sv.Seats, events, source)
	if err != nil {
		return Game{}, err
	}
	return Game{Records: []web.Record{{Data: start, At: fi.ModTime(), Finished: g.View().Over()}}}, nil
}

// AppendRecord appends to b the record of payload as the old logs frame
// it: for the tests that write logs of the old format.
func AppendRecord(b, payload []byte) []byte {
	var head [recordHead]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(len(payload)))
	crc := crc32.Update(0, crcTable, head[:4])
	crc = crc32.Update(crc, crcTable, payload)
	binary.LittleEndian.PutUint32(head[4:], crc)
	return append(append(b, head[:]...), payload...)
}
