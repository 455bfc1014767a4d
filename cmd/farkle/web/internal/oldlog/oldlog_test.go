package oldlog_test

import (
	"encoding/json"
	"errors"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web/internal/oldlog"
	"github.com/farkle-go/farkle/game"
)

// oldGame plays a game of a human and a bot, turns by bots for both, as
// the old server logged it: the payloads of its log (the header, the
// creation's record, then a record a turn).
func oldGame(t *testing.T, turns int) ([][]byte, *game.Game) {
	t.Helper()
	src := mrand.NewChaCha8([32]byte{7})
	g, err := game.New(game.Rules{Target: 100_000}, []string{"Ann", "Bot"}, src)
	if err != nil {
		t.Fatal(err)
	}
	seats := `[{"kind":"human","token_hash":"` + strings.Repeat("ab", 32) + `"},{"kind":"threshold","token_hash":""}]`
	header := `{"format":"farkle-serve-game","version":2,"rules":` + mustJSON(t, g.View().Rules()) + `,"players":["Ann","Bot"],"seats":` + seats + `}`
	payloads := [][]byte{[]byte(header)}
	record := func(from int) {
		state, err := src.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		evs := g.EventsSince(from)
		if evs == nil {
			evs = []game.Event{}
		}
		payloads = append(payloads, []byte(mustJSON(t, map[string]any{"from": from, "events": evs, "source": map[string]any{"type": "chacha8", "state": state}})))
	}
	record(0)
	for range turns {
		if g.View().Over() {
			break
		}
		from := g.NumEvents()
		if err := g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
			t.Fatal(err)
		}
		record(from)
	}
	return payloads, g
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// writeLog writes a log of magic and payloads, framed, then tail.
func writeLog(t *testing.T, path, magic string, payloads [][]byte, tail []byte) {
	t.Helper()
	b := []byte(magic)
	for _, p := range payloads {
		b = oldlog.AppendRecord(b, p)
	}
	if err := os.WriteFile(path, append(b, tail...), 0o600); err != nil {
		t.Fatal(err)
	}
}

// events returns the events that the records of g hold, checking their
// form: record 0 the header and the creation's events, each later one a
// move's.
func events(t *testing.T, g oldlog.Game) []game.Event {
	t.Helper()
	var start struct {
		Format  string       `json:"format"`
		Version int          `json:"version"`
		Events  []game.Event `json:"events"`
		Seats   []struct {
			Kind string `json:"kind"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(g.Records[0].Data, &start); err != nil {
		t.Fatal(err)
	}
	if start.Format != "farkle-serve-game" || start.Version != 3 || len(start.Seats) != 2 {
		t.Fatalf("record 0: %s", g.Records[0].Data)
	}
	evs := start.Events
	for _, r := range g.Records[1:] {
		var m struct {
			From   int          `json:"from"`
			Events []game.Event `json:"events"`
		}
		if err := json.Unmarshal(r.Data, &m); err != nil || m.From != len(evs) {
			t.Fatalf("record %s: %v", r.Data, err)
		}
		evs = append(evs, m.Events...)
	}
	return evs
}

func TestReadLog(t *testing.T) {
	dir := t.TempDir()
	payloads, g := oldGame(t, 6)
	path := filepath.Join(dir, "x.log")
	writeLog(t, path, oldlog.MagicV2, payloads, nil)
	mod := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	os.Chtimes(path, mod, mod)
	got, err := oldlog.ReadLog(path, game.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Records) != len(payloads)-1 || got.Note != "" {
		t.Fatalf("%d records (note %q), want %d", len(got.Records), got.Note, len(payloads)-1)
	}
	if evs := events(t, got); len(evs) != g.NumEvents() {
		t.Fatalf("%d events, the game %d", len(evs), g.NumEvents())
	}
	for _, r := range got.Records {
		if !r.At.Equal(mod) || r.Finished {
			t.Fatalf("a record at %v, finished %v; want %v, false", r.At, r.Finished, mod)
		}
	}
	// A game over: its last record says so.
	payloads, g = oldGame(t, 400)
	if !g.View().Over() {
		t.Fatal("not over in 400 turns")
	}
	writeLog(t, path, oldlog.MagicV2, payloads, nil)
	if got, err = oldlog.ReadLog(path, game.DefaultMaxEvents); err != nil || !got.Records[len(got.Records)-1].Finished {
		t.Fatalf("a game over: %v, %+v", err, got.Records[len(got.Records)-1])
	}
}

// In a v1 log a torn tail, as a crash leaves it, is left out: the game
// is whole up to its last good record. In a v2 log, any bad record is
// damage. A bad record that good ones follow is damage in both.
func TestTornTail(t *testing.T) {
	dir := t.TempDir()
	payloads, _ := oldGame(t, 6)
	rec := oldlog.AppendRecord(nil, []byte(`{"from":0,"events":[],"source":{"type":"chacha8","state":""}}`))
	tails := [][]byte{
		rec[:3],                                  // within the length
		rec[:8+5],                                // within the payload
		append(rec[:len(rec)-1:len(rec)-1], 'X'), // a bad checksum
		make([]byte, 100),                        // zeros, as a file system may leave
	}
	path := filepath.Join(dir, "x.log")
	for i, tail := range tails {
		writeLog(t, path, oldlog.MagicV1, payloads, tail)
		g, err := oldlog.ReadLog(path, game.DefaultMaxEvents)
		if err != nil || len(g.Records) != len(payloads)-1 || !strings.Contains(g.Note, "torn record") {
			t.Errorf("v1, tail %d: %v, %d records, note %q", i, err, len(g.Records), g.Note)
		}
		writeLog(t, path, oldlog.MagicV2, payloads, tail)
		if _, err := oldlog.ReadLog(path, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrDamaged) {
			t.Errorf("v2, tail %d: %v, want ErrDamaged", i, err)
		}
	}
	// A byte of record 2 flipped, records after it.
	for _, magic := range []string{oldlog.MagicV1, oldlog.MagicV2} {
		b := []byte(magic)
		for i, p := range payloads {
			r := oldlog.AppendRecord(nil, p)
			if i == 2 {
				r[8+3] ^= 0x20
			}
			b = append(b, r...)
		}
		os.WriteFile(path, b, 0o600)
		if _, err := oldlog.ReadLog(path, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrDamaged) {
			t.Errorf("%q: a bad record in the middle: %v, want ErrDamaged", magic, err)
		}
	}
}

// A v1 log whose creation a crash cut short held nothing acknowledged;
// a file that is no log is damage.
func TestCutShortAndGarbage(t *testing.T) {
	dir := t.TempDir()
	payloads, _ := oldGame(t, 1)
	path := filepath.Join(dir, "x.log")
	for i, write := range []func(){
		func() { os.WriteFile(path, []byte(oldlog.MagicV1[:19]), 0o600) }, // "...v1" without its newline
		func() { writeLog(t, path, oldlog.MagicV1, payloads[:1], nil) },
		func() { writeLog(t, path, oldlog.MagicV1, payloads[:1], oldlog.AppendRecord(nil, payloads[1])[:20]) },
	} {
		write()
		if _, err := oldlog.ReadLog(path, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrCutShort) {
			t.Errorf("case %d: %v, want ErrCutShort", i, err)
		}
	}
	for i, data := range []string{"not a log at all, and long enough to tell", oldlog.MagicV2[:7], ""} {
		os.WriteFile(path, []byte(data), 0o600)
		if _, err := oldlog.ReadLog(path, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrDamaged) {
			t.Errorf("garbage %d: %v, want ErrDamaged", i, err)
		}
	}
	writeLog(t, path, oldlog.MagicV2, payloads[:1], nil)
	if _, err := oldlog.ReadLog(path, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrDamaged) {
		t.Errorf("a v2 header alone: %v, want ErrDamaged", err)
	}
}

// firstFormat returns the save of the first format of g.
func firstFormat(t *testing.T, g *game.Game) []byte {
	t.Helper()
	gb, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return []byte(`{"version":1,"game":` + string(gb) + `,"seats":[{"kind":"human","token_hash":"` + strings.Repeat("cd", 32) + `"},{"kind":"threshold","token_hash":""}]}`)
}

func TestReadSaved(t *testing.T) {
	dir := t.TempDir()
	_, g := oldGame(t, 7)
	path := filepath.Join(dir, "x.json")
	os.WriteFile(path, firstFormat(t, g), 0o600)
	got, err := oldlog.ReadSaved(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Records) != 1 || got.Records[0].Finished {
		t.Fatalf("%d records, finished %v", len(got.Records), got.Records[0].Finished)
	}
	if evs := events(t, got); len(evs) != g.NumEvents() {
		t.Fatalf("%d events, the game %d", len(evs), g.NumEvents())
	}
	os.WriteFile(path, []byte(`{"version":1,"game":{},"seats":[]}`), 0o600)
	if _, err := oldlog.ReadSaved(path); !errors.Is(err, oldlog.ErrDamaged) {
		t.Fatalf("a bad save: %v, want ErrDamaged", err)
	}
}

// Read reads every old file of a directory: the games, what it refuses
// and the files done with; nothing while the old journal is there.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	payloads, g := oldGame(t, 5)
	id := func(i int) string { return strings.Repeat("0", 23) + string(rune('a'+i)) }
	writeLog(t, filepath.Join(dir, id(0)+".log"), oldlog.MagicV2, payloads, nil)
	writeLog(t, filepath.Join(dir, id(1)+".log"), oldlog.MagicV2, payloads, []byte("garbage"))
	writeLog(t, filepath.Join(dir, id(2)+".log"), oldlog.MagicV1, payloads[:1], nil)
	os.WriteFile(filepath.Join(dir, id(3)+".json"), firstFormat(t, g), 0o600)
	os.WriteFile(filepath.Join(dir, id(0)+".json"), firstFormat(t, g), 0o600) // migrated to id(0).log before a crash
	os.WriteFile(filepath.Join(dir, ".tmp-"+id(4)+"-1"), []byte("half a migration"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a game"), 0o600)
	os.WriteFile(filepath.Join(dir, id(5)+".log.corrupt"), []byte("set aside before"), 0o600)
	res, err := oldlog.Read(dir, game.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	var ids, refused []string
	for _, g := range res.Games {
		ids = append(ids, g.ID)
	}
	for _, p := range res.Refused {
		refused = append(refused, p.Name)
	}
	want := func(what string, got, want []string) {
		t.Helper()
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}
	want("games", ids, []string{id(0), id(3)})
	want("refused", refused, []string{id(1) + ".log", id(2) + ".log"})
	want("done", res.Done, []string{".tmp-" + id(4) + "-1", id(0) + ".json", id(0) + ".log", id(2) + ".log", id(3) + ".json"})
	os.WriteFile(filepath.Join(dir, "journal-0000000000000003.wal"), nil, 0o600)
	if _, err := oldlog.Read(dir, game.DefaultMaxEvents); !errors.Is(err, oldlog.ErrJournal) {
		t.Fatalf("with a journal: %v, want ErrJournal", err)
	}
}
