// Package storetest checks that an implementation of web.Store keeps its
// contract. Each store's own tests call Run:
//
//	func TestContract(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) (web.Store, web.Store) {
//			s := open(t, t.TempDir())
//			return s, nil // nil: one Server owns the store alone
//		})
//	}
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/google/go-cmp/cmp"
)

// Open returns a new, empty store for one test, closed by the test's
// cleanup, and a second handle on the same store as another process
// would open it, or nil for a store that one Server owns alone.
type Open func(t *testing.T) (a, b web.Store)

// t0 is a time that every store keeps to the microsecond.
var t0 = time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)

func rec(data string, min int, finished bool) web.Record {
	return web.Record{Data: []byte(data), At: t0.Add(time.Duration(min) * time.Minute), Finished: finished}
}

// Run runs the contract's tests on the stores that open makes.
func Run(t *testing.T, open Open) {
	t.Run("CreateLoad", func(t *testing.T) { testCreateLoad(t, open) })
	t.Run("Append", func(t *testing.T) { testAppend(t, open) })
	t.Run("LoadFrom", func(t *testing.T) { testLoadFrom(t, open) })
	t.Run("NoAlias", func(t *testing.T) { testNoAlias(t, open) })
	t.Run("Delete", func(t *testing.T) { testDelete(t, open) })
	t.Run("Expire", func(t *testing.T) { testExpire(t, open) })
	t.Run("ConcurrentAppend", func(t *testing.T) { testConcurrentAppend(t, open) })
	t.Run("Shared", func(t *testing.T) { testShared(t, open) })
}

// same compares records, At as an instant, Data with bytes.Equal (cmp's
// own comparison of a large record, byte by byte, took seconds).
var same = cmp.Options{
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) }),
	cmp.Comparer(bytes.Equal),
}

func load(t *testing.T, s web.Store, id string, want []web.Record) {
	t.Helper()
	got, err := s.Load(context.Background(), id, 0)
	if err != nil {
		t.Fatalf("Load(%q): %v", id, err)
	}
	if diff := cmp.Diff(want, got, same); diff != "" {
		t.Fatalf("Load(%q) (-want +got):\n%s", id, diff)
	}
}

// testLoadFrom checks Load from every number, before, in and past a
// game's records, beside a game whose id it starts.
func testLoadFrom(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	var want []web.Record
	for i := range 5 {
		for _, id := range []string{"g", "g2"} {
			r := rec(fmt.Sprintf("%s record %d", id, i), i, i == 4)
			var err error
			if i == 0 {
				err = s.Create(ctx, id, r)
			} else {
				err = s.Append(ctx, id, i, r)
			}
			if err != nil {
				t.Fatal(err)
			}
			if id == "g" {
				want = append(want, r)
			}
		}
	}
	for from := -1; from <= 7; from++ {
		got, err := s.Load(ctx, "g", from)
		if err != nil {
			t.Fatalf("Load(g, %d): %v", from, err)
		}
		w := want[min(max(from, 0), len(want)):]
		if got == nil || len(got) != len(w) {
			t.Fatalf("Load(g, %d): %d records (nil: %v), want %d", from, len(got), got == nil, len(w))
		}
		if diff := cmp.Diff(w, got, same); diff != "" {
			t.Fatalf("Load(g, %d) (-want +got):\n%s", from, diff)
		}
	}
	if _, err := s.Load(ctx, "nope", 3); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Load(nope, 3): %v, want ErrNotFound", err)
	}
}

func count(t *testing.T, s web.Store, want int) {
	t.Helper()
	n, err := s.Count(context.Background())
	if err != nil || n != want {
		t.Fatalf("Count() = %d, %v; want %d", n, err, want)
	}
}

func testCreateLoad(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	count(t, s, 0)
	if _, err := s.Load(ctx, "nope", 0); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Load of no game: %v, want ErrNotFound", err)
	}
	first := rec(`{"start":1}`, 0, false)
	if err := s.Create(ctx, "g1", first); err != nil {
		t.Fatalf("Create: %v", err)
	}
	load(t, s, "g1", []web.Record{first})
	if err := s.Create(ctx, "g1", rec("other", 1, false)); !errors.Is(err, web.ErrExists) {
		t.Fatalf("Create again: %v, want ErrExists", err)
	}
	load(t, s, "g1", []web.Record{first})
	if err := s.Create(ctx, "g2", rec("two", 0, true)); err != nil {
		t.Fatalf("Create g2: %v", err)
	}
	count(t, s, 2)
	// Bytes of every value survive, and a large record.
	big := bytes.Repeat([]byte{0, 1, 0xff, '\'', '"', '\\'}, 200_000)
	if err := s.Create(ctx, "g3", web.Record{Data: big, At: t0}); err != nil {
		t.Fatalf("Create with %d bytes: %v", len(big), err)
	}
	load(t, s, "g3", []web.Record{{Data: big, At: t0}})
}

func testAppend(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	if err := s.Append(ctx, "nope", 1, rec("x", 1, false)); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Append to no game: %v, want ErrNotFound", err)
	}
	want := []web.Record{rec("r0", 0, false)}
	if err := s.Create(ctx, "g", want[0]); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 20; i++ {
		r := rec(fmt.Sprintf("r%d", i), i, i == 20)
		for _, n := range []int{0, i - 1, i + 1, 100} {
			if err := s.Append(ctx, "g", n, r); !errors.Is(err, web.ErrConflict) {
				t.Fatalf("Append at %d to a game of %d records: %v, want ErrConflict", n, i, err)
			}
		}
		if err := s.Append(ctx, "g", i, r); err != nil {
			t.Fatalf("Append at %d: %v", i, err)
		}
		want = append(want, r)
	}
	load(t, s, "g", want)
	count(t, s, 1)
}

func testNoAlias(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	data := []byte("first")
	if err := s.Create(ctx, "g", web.Record{Data: data, At: t0}); err != nil {
		t.Fatal(err)
	}
	more := []byte("second")
	if err := s.Append(ctx, "g", 1, web.Record{Data: more, At: t0}); err != nil {
		t.Fatal(err)
	}
	copy(data, "XXXXX")
	copy(more, "YYYYYY")
	got, err := s.Load(ctx, "g", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got {
		for i := range r.Data {
			r.Data[i] = 'Z'
		}
	}
	load(t, s, "g", []web.Record{{Data: []byte("first"), At: t0}, {Data: []byte("second"), At: t0}})
}

func testDelete(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	if err := s.Delete(ctx, "nope"); err != nil {
		t.Fatalf("Delete of no game: %v", err)
	}
	for _, id := range []string{"a", "b"} {
		if err := s.Create(ctx, id, rec(id, 0, false)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete(ctx, "a"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := s.Load(ctx, "a", 0); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Load after Delete: %v, want ErrNotFound", err)
	}
	if err := s.Append(ctx, "a", 1, rec("x", 1, false)); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Append after Delete: %v, want ErrNotFound", err)
	}
	load(t, s, "b", []web.Record{rec("b", 0, false)})
	count(t, s, 1)
	// The id is free again.
	if err := s.Create(ctx, "a", rec("a2", 5, false)); err != nil {
		t.Fatalf("Create after Delete: %v", err)
	}
	load(t, s, "a", []web.Record{rec("a2", 5, false)})
}

func testExpire(t *testing.T, open Open) {
	ctx := context.Background()
	s, _ := open(t)
	// Each game's last record decides: its time and whether it is
	// finished.
	games := []struct {
		id       string
		last     int // minutes after t0
		finished bool
	}{
		{"old-done", 10, true}, {"new-done", 100, true},
		{"old-open", 10, false}, {"new-open", 100, false},
		{"reopened", 10, true}, // finished, then a later record that is not (a rename)
	}
	for _, g := range games {
		if err := s.Create(ctx, g.id, rec("start", 0, false)); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, g.id, 1, rec("last", g.last, g.finished)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "reopened", 2, rec("after", 200, false)); err != nil {
		t.Fatal(err)
	}
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	expire := func(finished, idle time.Time, want ...string) {
		t.Helper()
		got, err := s.Expire(ctx, finished, idle)
		if err != nil {
			t.Fatalf("Expire: %v", err)
		}
		if diff := cmp.Diff(want, got, cmp.Transformer("sort", sorted)); diff != "" {
			t.Fatalf("Expire(%v, %v) (-want +got):\n%s", finished, idle, diff)
		}
		for _, id := range got {
			if _, err := s.Load(ctx, id, 0); !errors.Is(err, web.ErrNotFound) {
				t.Fatalf("Load of expired %s: %v, want ErrNotFound", id, err)
			}
		}
	}
	expire(time.Time{}, time.Time{})
	expire(at(50), time.Time{}, "old-done")
	expire(at(50), time.Time{})
	expire(time.Time{}, at(50), "old-open")
	expire(at(150), at(150), "new-done", "new-open")
	count(t, s, 1)
	expire(at(201), time.Time{})
	expire(time.Time{}, at(201), "reopened")
	count(t, s, 0)
}

func sorted(ids []string) []string {
	out := append([]string(nil), ids...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// testConcurrentAppend appends at the same number from many goroutines,
// through both handles where there are two: exactly one wins each round.
func testConcurrentAppend(t *testing.T, open Open) {
	ctx := context.Background()
	a, b := open(t)
	handles := []web.Store{a}
	if b != nil {
		handles = append(handles, b)
	}
	if err := a.Create(ctx, "g", rec("r0", 0, false)); err != nil {
		t.Fatal(err)
	}
	const rounds, racers = 10, 8
	want := []web.Record{rec("r0", 0, false)}
	for n := 1; n <= rounds; n++ {
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = handles[i%len(handles)].Append(ctx, "g", n, rec(fmt.Sprintf("r%d by %d", n, i), n, false))
			}()
		}
		wg.Wait()
		won := -1
		for i, err := range errs {
			switch {
			case err == nil && won >= 0:
				t.Fatalf("round %d: racers %d and %d both appended", n, won, i)
			case err == nil:
				won = i
			case !errors.Is(err, web.ErrConflict):
				t.Fatalf("round %d: racer %d: %v, want nil or ErrConflict", n, i, err)
			}
		}
		if won < 0 {
			t.Fatalf("round %d: no racer appended", n)
		}
		want = append(want, rec(fmt.Sprintf("r%d by %d", n, won), n, false))
	}
	load(t, a, "g", want)
	if b != nil {
		load(t, b, "g", want)
	}
}

// testShared checks Watch: a store that one Server owns returns at
// once; a shared one reports the other handle's appends and removals.
func testShared(t *testing.T, open Open) {
	a, b := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if b == nil {
		if err := a.Watch(ctx, func(string, int) { t.Error("Watch called of a store one Server owns") }); err != nil {
			t.Fatalf("Watch: %v", err)
		}
		return
	}
	type change struct {
		id string
		n  int
	}
	changes := make(chan change, 100)
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- b.Watch(ctx, func(id string, n int) {
			if id == "ready" {
				select {
				case <-ready:
				default:
					close(ready)
				}
				return
			}
			changes <- change{id, n}
		})
	}()
	// Watch may take a moment to begin: a game is appended to until b
	// sees it.
	if err := a.Create(ctx, "ready", rec("x", 0, false)); err != nil {
		t.Fatal(err)
	}
	for n := 1; ; n++ {
		if err := a.Append(ctx, "ready", n, rec("x", n, false)); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ready:
		case err := <-done:
			t.Fatalf("Watch returned before it was cancelled: %v", err)
		case <-time.After(100 * time.Millisecond):
			if n == 100 {
				t.Fatal("Watch saw no change in 100 appends")
			}
			continue
		}
		break
	}
	if err := a.Create(ctx, "g", rec("r0", 0, false)); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, "g", 1, rec("r1", 1, false)); err != nil {
		t.Fatal(err)
	}
	if err := a.Delete(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	// Changes to one game arrive in order; a Create may or may not be
	// reported.
	var got []change
	for len(got) == 0 || got[len(got)-1] != (change{"g", 0}) {
		select {
		case c := <-changes:
			if c.id == "g" {
				got = append(got, c)
			}
		case err := <-done:
			t.Fatalf("Watch returned before it was cancelled: %v", err)
		}
	}
	if got[0] == (change{"g", 1}) {
		got = got[1:]
	}
	if diff := cmp.Diff([]change{{"g", 2}, {"g", 0}}, got, cmp.AllowUnexported(change{})); diff != "" {
		t.Fatalf("changes seen (-want +got):\n%s", diff)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("Watch after cancel: %v", err)
	}
}
