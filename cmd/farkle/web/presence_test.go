package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// presenceStream reads the events of an event stream by name.
type presenceStream struct {
	rd     *bufio.Reader
	cancel context.CancelFunc
}

func openPresence(t *testing.T, url string) *presenceStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("stream %s: %d", url, res.StatusCode)
	}
	t.Cleanup(func() {
		cancel()
		res.Body.Close()
	})
	return &presenceStream{rd: bufio.NewReader(res.Body), cancel: cancel}
}

// next returns the name and data of the next event named want.
func (r *presenceStream) next(t *testing.T, want string) string {
	t.Helper()
	name, data := "", ""
	for {
		line, err := r.rd.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the stream for %q: %v", want, err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "":
			if name == want {
				return data
			}
			name, data = "", ""
		}
	}
}

func (r *presenceStream) presence(t *testing.T) presenceJSON {
	t.Helper()
	var p presenceJSON
	if err := json.Unmarshal([]byte(r.next(t, "presence")), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// A stream opened with a seat's key (the hex SHA-256 of its token) shows
// the seat connected while it is open, and its end as the seat's last
// seen, in the server's clock; a stream with ?presence=1 hears of every
// change; a key of no seat, the token itself, or none, counts for no
// seat.
func TestPresence(t *testing.T) {
	s, ts := newTest(t, Config{})
	var mu sync.Mutex
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	s.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	setNow := func(t time.Time) {
		mu.Lock()
		defer mu.Unlock()
		now = t
	}
	c := create(t, ts.URL, KindHuman, KindHuman, KindExpected)
	base := ts.URL + "/api/games/" + c.ID + "/stream"

	watch := openPresence(t, base+"?presence=1&key="+hashToken("not-a-token"))
	p := watch.presence(t)
	if len(p.Seats) != 3 || !p.Now.Equal(now) {
		t.Fatalf("first presence: %+v", p)
	}
	for i, sp := range p.Seats {
		if sp.Connected || sp.LastSeen != nil {
			t.Fatalf("seat %d before any stream: %+v", i, sp)
		}
	}

	t0 := now
	first := openPresence(t, base+"?key="+hashToken(c.Seats[0].Token))
	first.next(t, "update")
	p = watch.presence(t)
	if !p.Seats[0].Connected || p.Seats[0].LastSeen == nil || !p.Seats[0].LastSeen.Equal(t0) || p.Seats[1].Connected {
		t.Fatalf("after seat 0's stream: %+v", p)
	}

	// A second stream of the same seat, then the first closed: still
	// connected.
	second := openPresence(t, base+"?key="+hashToken(c.Seats[0].Token))
	second.next(t, "update")
	watch.presence(t)
	t1 := t0.Add(90 * time.Second)
	setNow(t1)
	first.cancel()
	p = watch.presence(t)
	if !p.Seats[0].Connected {
		t.Fatalf("seat 0 with one of two streams closed: %+v", p)
	}
	t2 := t1.Add(5 * time.Minute)
	setNow(t2)
	second.cancel()
	p = watch.presence(t)
	if p.Seats[0].Connected || !p.Seats[0].LastSeen.Equal(t2) || !p.Now.Equal(t2) {
		t.Fatalf("seat 0 gone: %+v, want last seen %v", p, t2)
	}
	if p.Seats[1].Connected || p.Seats[1].LastSeen != nil || p.Seats[2].Connected {
		t.Fatalf("the other seats: %+v", p)
	}

	// A stream without ?presence=1 gets no presence event: the next
	// event after its first update is the next move's.
	// The token itself is no key: its stream counts for nobody, and the
	// next presence event is that of seat 1's key, at t4.
	setNow(t2.Add(time.Minute))
	raw := openPresence(t, base+"?key="+c.Seats[1].Token+"&token="+c.Seats[1].Token)
	raw.next(t, "update")
	t4 := t2.Add(2 * time.Minute)
	setNow(t4)
	plain := openPresence(t, base+"?key="+hashToken(c.Seats[1].Token))
	plain.next(t, "update")
	p = watch.presence(t)
	if !p.Seats[1].Connected || !p.Seats[1].LastSeen.Equal(t4) {
		t.Fatalf("seat 1's stream: %+v, want connected at %v", p, t4)
	}
	playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State)
	line, err := plain.rd.ReadString('\n')
	if err != nil || line != "event: update\n" {
		t.Fatalf("after a move, the plain stream sent %q (%v)", line, err)
	}
}
