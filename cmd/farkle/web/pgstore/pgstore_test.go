package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/internal/pgtest"
	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
)

// open opens a store on conn, closed when the test ends.
func open(t testing.TB, conn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestContract: two handles on one schema, as two servers open it.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) {
		conn := pgtest.ConnString(t)
		return open(t, conn), open(t, conn)
	})
}

// Stores in two schemas of one database are apart, their notifications
// too.
func TestSchemasApart(t *testing.T) {
	a, b := open(t, pgtest.ConnString(t)), open(t, pgtest.ConnString(t))
	if a.channel == b.channel {
		t.Fatalf("one channel, %q, for two schemas", a.channel)
	}
	if got := a.String(); !strings.Contains(got, "schema "+a.schema) || !strings.HasPrefix(got, "PostgreSQL database ") {
		t.Errorf("String() = %q", got)
	}
	ctx := context.Background()
	if err := a.Create(ctx, "g", web.Record{Data: []byte("a"), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Load(ctx, "g", 0); !errors.Is(err, web.ErrNotFound) {
		t.Fatalf("Load from the other schema: %v, want ErrNotFound", err)
	}
}

// Watch, its connection lost, reports on connecting again the changes
// made meanwhile: the counts that grew, the games removed, and the games
// created and appended to.
func TestWatchReconnects(t *testing.T) {
	conn := pgtest.ConnString(t)
	a, b := open(t, conn), open(t, conn)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	at := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	for _, id := range []string{"grows", "removed", "same"} {
		if err := a.Create(ctx, id, web.Record{Data: []byte(id), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	type change struct {
		id string
		n  int
	}
	changes := make(chan change, 100)
	redial := make(chan struct{})
	release := make(chan struct{})
	b.beforeRedial = func() {
		redial <- struct{}{}
		<-release
	}
	done := make(chan error, 1)
	go func() { done <- b.Watch(ctx, func(id string, n int) { changes <- change{id, n} }) }()
	// Appended to until Watch listens. When it starts listening it
	// reports every stored game: those reports are skipped.
	for n := 1; ; n++ {
		if err := a.Append(ctx, "grows", n, web.Record{Data: []byte("x"), At: at}); err != nil {
			t.Fatal(err)
		}
		seen := false
		for !seen {
			select {
			case c := <-changes:
				seen = c == (change{"grows", n + 1})
				continue
			case <-time.After(100 * time.Millisecond):
			}
			break
		}
		if !seen {
			if n == 100 {
				t.Fatal("Watch saw no change in 100 appends")
			}
			continue
		}
		// Listening: "grows" has n+1 records.
		if _, err := a.pool.Exec(ctx, "SELECT pg_terminate_backend($1)", b.watchPID.Load()); err != nil {
			t.Fatal(err)
		}
		<-redial
		// Every report before is in changes (Watch reports from the
		// goroutine that waits in beforeRedial).
		for len(changes) > 0 {
			<-changes
		}
		// Not listening: these changes reach Watch only by its read of
		// the table.
		if err := a.Append(ctx, "grows", n+1, web.Record{Data: []byte("y"), At: at}); err != nil {
			t.Fatal(err)
		}
		if err := a.Delete(ctx, "removed"); err != nil {
			t.Fatal(err)
		}
		if err := a.Create(ctx, "new", web.Record{Data: []byte("new"), At: at}); err != nil {
			t.Fatal(err)
		}
		if err := a.Append(ctx, "new", 1, web.Record{Data: []byte("new1"), At: at}); err != nil {
			t.Fatal(err)
		}
		close(release)
		got := map[string]int{}
		want := map[string]int{"grows": n + 2, "removed": 0, "new": 2}
		for len(got) < len(want) {
			select {
			case c := <-changes:
				if _, dup := got[c.id]; dup || want[c.id] != c.n {
					t.Fatalf("after reconnecting: %v, want once each %v", c, want)
				}
				got[c.id] = c.n
			case err := <-done:
				t.Fatalf("Watch returned: %v", err)
			}
		}
		break
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Watch after cancel: %v", err)
	}
	if len(changes) > 0 {
		t.Fatalf("more changes: %v", <-changes)
	}
}

// BenchmarkAppend appends to one game after another: the latency of an
// Append, a durable commit.
func BenchmarkAppend(b *testing.B) {
	s := open(b, pgtest.ConnString(b))
	ctx := context.Background()
	rec := web.Record{Data: make([]byte, 100), At: time.Now()}
	if err := s.Create(ctx, "g", rec); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for n := 1; n <= b.N; n++ {
		if err := s.Append(ctx, "g", n, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendParallel appends from GOMAXPROCS*8 goroutines, each to a
// game of its own: the throughput of Appends, the database's commits
// grouped.
func BenchmarkAppendParallel(b *testing.B) {
	s := open(b, pgtest.ConnString(b))
	ctx := context.Background()
	rec := web.Record{Data: make([]byte, 100), At: time.Now()}
	var games atomic.Int64
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint(games.Add(1))
		if err := s.Create(ctx, id, rec); err != nil {
			b.Error(err)
			return
		}
		for n := 1; pb.Next(); n++ {
			if err := s.Append(ctx, id, n, rec); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		payload string
		id      string
		n       int
		ok      bool
	}{
		{"g 3", "g", 3, true},
		{"a b 0", "a b", 0, true},
		{"g", "", 0, false},
		{"g -1", "", 0, false},
		{"g x", "", 0, false},
	} {
		id, n, ok := parse(tc.payload)
		if id != tc.id || n != tc.n || ok != tc.ok {
			t.Errorf("parse(%q) = %q, %d, %v; want %q, %d, %v", tc.payload, id, n, ok, tc.id, tc.n, tc.ok)
		}
	}
}
