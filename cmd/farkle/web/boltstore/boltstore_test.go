package boltstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/oldlog"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
	"github.com/farkle-go/farkle/game"
)

func open(t *testing.T, dir string) *boltstore.Store {
	t.Helper()
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) {
		return open(t, t.TempDir()), nil
	})
}

// A second Open of a directory in use fails at once with ErrLocked,
// saying which directory; once the first is closed, it opens, its games
// kept.
func TestLocked(t *testing.T) {
	dir := t.TempDir()
	a, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Create(context.Background(), "g", web.Record{Data: []byte("x"), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	b, err := boltstore.Open(dir)
	if !errors.Is(err, boltstore.ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("second Open: %v, %v; want ErrLocked naming %s", b, err, dir)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b = open(t, dir)
	if n, err := b.Count(context.Background()); n != 1 || err != nil {
		t.Fatalf("Count after reopening: %d, %v", n, err)
	}
}

// writeOldLog writes the log of the old format (magic) of a new game of
// a human and a bot, with moves records of a turn each (bots for both).
func writeOldLog(t *testing.T, path, magic string, moves int, tail []byte) {
	t.Helper()
	src := mrand.NewChaCha8([32]byte{3})
	g, err := game.New(game.Rules{Target: 100_000}, []string{"Ann", "Bot"}, src)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := json.Marshal(g.View().Rules())
	b := oldlog.AppendRecord([]byte(magic), []byte(`{"format":"farkle-serve-game","version":2,"rules":`+string(rules)+
		`,"players":["Ann","Bot"],"seats":[{"kind":"human","token_hash":"`+strings.Repeat("ab", 32)+`"},{"kind":"threshold","token_hash":""}]}`))
	for from := 0; ; {
		state, _ := src.MarshalBinary()
		rec, _ := json.Marshal(map[string]any{"from": from, "events": append([]game.Event{}, g.EventsSince(from)...), "source": map[string]any{"type": "chacha8", "state": state}})
		b = oldlog.AppendRecord(b, rec)
		if moves == 0 {
			break
		}
		moves--
		from = g.NumEvents()
		if err := g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, append(b, tail...), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Open imports the games of a directory of the old format, once: their
// files go to imported-DATE, a damaged log stays where it was, and is
// noted at each Open.
func TestImport(t *testing.T) {
	dir := t.TempDir()
	good, torn, bad := strings.Repeat("a", 24), strings.Repeat("b", 24), strings.Repeat("c", 24)
	writeOldLog(t, filepath.Join(dir, good+".log"), oldlog.MagicV2, 3, nil)
	writeOldLog(t, filepath.Join(dir, torn+".log"), oldlog.MagicV1, 2, []byte{9, 9, 9})
	writeOldLog(t, filepath.Join(dir, bad+".log"), oldlog.MagicV2, 2, []byte{9, 9, 9})
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	im := st.Imported()
	if im.Games != 2 || len(im.Notes) != 2 || !strings.Contains(strings.Join(im.Notes, "\n"), bad+".log: damaged") {
		t.Fatalf("imported %+v", im)
	}
	ctx := context.Background()
	for id, n := range map[string]int{good: 4, torn: 3} {
		recs, err := st.Load(ctx, id, 0)
		if err != nil || len(recs) != n {
			t.Fatalf("game %s: %d records, %v; want %d", id, len(recs), err, n)
		}
		if _, err := os.Stat(filepath.Join(im.Dir, id+".log")); err != nil {
			t.Errorf("game %s: its log not moved: %v", id, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, bad+".log")); err != nil {
		t.Errorf("the damaged log not left in place: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st = open(t, dir)
	if im := st.Imported(); im.Games != 0 || len(im.Notes) != 1 {
		t.Fatalf("the second Open imported %+v", im)
	}
	if n, _ := st.Count(ctx); n != 2 {
		t.Fatalf("%d games after the second Open", n)
	}
	// The journal of an unclean stop: applied. A log made by the journal
	// alone is imported, the journal's file moved.
	dir2 := t.TempDir()
	writeOldLog(t, filepath.Join(dir2, "x"), oldlog.MagicV2, 2, nil)
	log, _ := os.ReadFile(filepath.Join(dir2, "x"))
	os.Remove(filepath.Join(dir2, "x"))
	wal := filepath.Join(dir2, "journal-0000000000000001.wal")
	os.WriteFile(wal, oldlog.AppendBatch(nil, oldlog.AppendEntry(nil, 2, good+".log", 0, log)), 0o600)
	st2, err := boltstore.Open(dir2)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	if im := st2.Imported(); im.Games != 1 {
		t.Fatalf("from the journal: imported %+v", im)
	}
	if recs, err := st2.Load(ctx, good, 0); err != nil || len(recs) != 3 {
		t.Fatalf("the game of the journal: %d records, %v", len(recs), err)
	}
	if _, err := os.Stat(filepath.Join(st2.Imported().Dir, filepath.Base(wal))); err != nil {
		t.Errorf("the journal not moved: %v", err)
	}
	// A damaged journal: Open refuses, and imports nothing.
	dir3 := t.TempDir()
	writeOldLog(t, filepath.Join(dir3, good+".log"), oldlog.MagicV2, 1, nil)
	b := oldlog.AppendBatch(nil, oldlog.AppendEntry(nil, 1, good+".log", 0, []byte("x")))
	b[20] ^= 0xff
	os.WriteFile(filepath.Join(dir3, "journal-0000000000000001.wal"), append(b, oldlog.AppendBatch(nil, oldlog.AppendEntry(nil, 3, good+".log", 0, nil))...), 0o600)
	if _, err := boltstore.Open(dir3); !errors.Is(err, oldlog.ErrJournal) {
		t.Fatalf("Open with a damaged journal: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir3, good+".log")); err != nil {
		t.Fatal(err)
	}
}

// Close commits the writes under way: each write that returned nil
// before or while the store closed is there when it opens again, and
// the writes after Close fail with an error, not a panic.
func TestCloseWhileWriting(t *testing.T) {
	dir := t.TempDir()
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const games = 8
	acked := make([]chan int, games)
	for g := range games {
		acked[g] = make(chan int, 1)
		go func() {
			id := fmt.Sprintf("g%d", g)
			n := 0
			defer func() { acked[g] <- n }()
			if st.Create(ctx, id, web.Record{Data: []byte("0"), At: time.Now()}) != nil {
				return
			}
			for n = 1; ; n++ {
				if st.Append(ctx, id, n, web.Record{Data: []byte(strconv.Itoa(n)), At: time.Now()}) != nil {
					return
				}
			}
		}()
	}
	// Close once every game has some records.
	for {
		n, _ := st.Count(ctx)
		if n == games {
			break
		}
		runtime.Gosched()
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, "g0", 1, web.Record{Data: []byte("late")}); err == nil {
		t.Fatal("Append after Close: nil")
	}
	again := open(t, dir)
	for g := range games {
		n := <-acked[g]
		recs, err := again.Load(ctx, fmt.Sprintf("g%d", g), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) < n {
			t.Fatalf("game %d: %d records acknowledged, %d stored", g, n, len(recs))
		}
	}
}
