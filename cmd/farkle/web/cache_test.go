package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/game"
	"github.com/google/go-cmp/cmp"
)

// numHeld returns the number of games that s holds in memory.
func numHeld(s *Server) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.games)
}

// sse reads the messages of an event stream.
type sse struct {
	rd *bufio.Reader
}

func openSSE(t *testing.T, url string) *sse {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 {
		t.Fatalf("stream: status %d", res.StatusCode)
	}
	return &sse{rd: bufio.NewReader(res.Body)}
}

// next returns the next message's event and data.
func (s *sse) next(t *testing.T) (event, data string) {
	t.Helper()
	for {
		line, err := s.rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			event = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && event != "":
			return event, data
		}
	}
}

// update returns the next message, an update.
func (s *sse) update(t *testing.T) streamMessage {
	t.Helper()
	ev, data := s.next(t)
	if ev != "update" {
		t.Fatalf("event %q (%s), want an update", ev, data)
	}
	var msg streamMessage
	if err := json.Unmarshal([]byte(data), &msg); err != nil {
		t.Fatal(err)
	}
	return msg
}

// A Server reads no game before it serves: each is read from the Store
// when first asked for, and then held.
func TestLoadOnFirstUse(t *testing.T) {
	store := newMemStore()
	s1, ts1 := newTest(t, Config{Store: store})
	var games []created
	for range 3 {
		games = append(games, create(t, ts1.URL, KindHuman, KindThreshold))
	}
	ts1.Close()
	s1.Release()
	s2, ts2 := newTest(t, Config{Store: store})
	if n, h := s2.NumGames(), numHeld(s2); n != 3 || h != 0 {
		t.Fatalf("at the start: %d games stored, %d held; want 3, 0", n, h)
	}
	st, status := playMove(t, nil, ts2.URL, games[1].ID, games[1].Seats[0].Token, games[1].State)
	if status != 200 || st.NumEvents <= games[1].State.NumEvents {
		t.Fatalf("a move of a game read on first use: %d, %d events", status, st.NumEvents)
	}
	if h := numHeld(s2); h != 1 {
		t.Fatalf("%d games held after a move of one", h)
	}
	call(t, nil, "GET", ts2.URL+"/api/games/0123456789abcdef01234567", "", nil).wantError(t, 404, CodeNotFound)
	if h := numHeld(s2); h != 1 {
		t.Fatalf("%d games held after a request for none", h)
	}
}

// The games held are at most MaxCached, but for those with an event
// stream: a game dropped is read again, whole, when next asked for; one
// with a stream stays, and its stream sees its moves.
func TestCacheBound(t *testing.T) {
	s, ts := newTest(t, Config{MaxCached: 3})
	first := create(t, ts.URL, KindHuman, KindThreshold)
	stream := openSSE(t, ts.URL+"/api/games/"+first.ID+"/stream")
	stream.update(t)
	e := held(t, s, first.ID)
	games := []created{first}
	states := []stateJSON{first.State}
	for range 8 {
		c := create(t, ts.URL, KindHuman, KindThreshold)
		st, status := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State)
		if status != 200 {
			t.Fatalf("move: %d", status)
		}
		games, states = append(games, c), append(states, st)
		if h := numHeld(s); h > 3 {
			t.Fatalf("%d games held, MaxCached 3", h)
		}
	}
	if held(t, s, first.ID) != e {
		t.Fatal("the game with a stream was dropped")
	}
	for i, c := range games {
		var st stateJSON
		call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &st)
		if st.NumEvents != states[i].NumEvents {
			t.Fatalf("game %d read again: %d events, %d acknowledged", i, st.NumEvents, states[i].NumEvents)
		}
	}
	st, _ := playMove(t, nil, ts.URL, first.ID, first.Seats[0].Token, first.State)
	if msg := stream.update(t); msg.State.NumEvents != st.NumEvents {
		t.Fatalf("the stream's update: %d events, want %d", msg.State.NumEvents, st.NumEvents)
	}
}

// Two Servers on one Store: a move made on one reaches the other, which
// held the game as it was, as a refusal with stale (the move not made,
// the game read again), and through Watch (here called as a Store would)
// as an update of its streams; a game removed ends them with not_found.
func TestTwoServers(t *testing.T) {
	store := newMemStore()
	a, tsA := newTest(t, Config{Store: store})
	b, tsB := newTest(t, Config{Store: store})
	c := create(t, tsA.URL, KindHuman, KindThreshold)
	tok := c.Seats[0].Token
	stream := openSSE(t, tsB.URL+"/api/games/"+c.ID+"/stream")
	if msg := stream.update(t); msg.State.NumEvents != c.State.NumEvents {
		t.Fatalf("first update: %d events", msg.State.NumEvents)
	}
	// A move on A; B, not told, holds the game as it was.
	stA, status := playMove(t, nil, tsA.URL, c.ID, tok, c.State)
	if status != 200 {
		t.Fatalf("move on A: %d", status)
	}
	// A move on B from the same state: refused as stale, and B has the
	// game as A left it, its stream updated.
	_, status = playMove(t, nil, tsB.URL, c.ID, tok, c.State)
	if status != http.StatusConflict {
		t.Fatalf("the move on B from an old state: %d, want 409", status)
	}
	var stB stateJSON
	call(t, nil, "GET", tsB.URL+"/api/games/"+c.ID, "", nil).decode(t, &stB)
	if stB.NumEvents != stA.NumEvents {
		t.Fatalf("B after the conflict: %d events, A %d", stB.NumEvents, stA.NumEvents)
	}
	if msg := stream.update(t); msg.State.NumEvents != stA.NumEvents {
		t.Fatalf("B's stream after the conflict: %d events, want %d", msg.State.NumEvents, stA.NumEvents)
	}
	// A moves again; B is told by Watch.
	stA, _ = playMove(t, nil, tsA.URL, c.ID, tok, stA)
	recs, err := store.Load(context.Background(), c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	b.changed(c.ID, len(recs))
	if msg := stream.update(t); msg.State.NumEvents != stA.NumEvents {
		t.Fatalf("B's stream after Watch: %d events, want %d", msg.State.NumEvents, stA.NumEvents)
	}
	stB, status = playMove(t, nil, tsB.URL, c.ID, tok, stA)
	if status != 200 {
		t.Fatalf("a move on B after Watch: %d", status)
	}
	if msg := stream.update(t); msg.State.NumEvents != stB.NumEvents {
		t.Fatalf("B's stream after B's move: %d events, want %d", msg.State.NumEvents, stB.NumEvents)
	}
	// Removed by A's expiry: B's stream ends with not_found.
	if _, err := a.sweep(a.now().Add(DefaultIdleTTL + 1)); err != nil {
		t.Fatal(err)
	}
	b.changed(c.ID, 0)
	if ev, data := stream.next(t); ev != "end" || !strings.Contains(data, `"reason":"not_found"`) {
		t.Fatalf("after the removal: %s %s, want the end, not_found", ev, data)
	}
	call(t, nil, "GET", tsB.URL+"/api/games/"+c.ID, "", nil).wantError(t, 404, CodeNotFound)
}

// A Server that catches up on a game from the records after those it
// holds (reload, told by Watch) makes the game that reading it whole
// makes: from every record, for a game with a joining player's name,
// a bot's turns and a human's moves to its end.
func TestCatchUpAgreesWithLoad(t *testing.T) {
	store := newMemStore()
	_, ts := newTest(t, Config{Store: store})
	c := createTarget(t, ts.URL, 2000, KindHuman, KindHuman, KindExpected)
	if r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", c.Seats[1].Token, joinRequest{Name: "Dana"}); r.status != 200 {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	var st stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &st)
	for moves := 0; !st.Over; moves++ {
		if moves > 2000 {
			t.Fatal("no end after 2,000 moves")
		}
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st); status != 200 {
			t.Fatalf("move %d: %d", moves, status)
		}
	}
	recs, err := store.Load(context.Background(), c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 5 {
		t.Fatalf("%d records: too few to check", len(recs))
	}
	whole, err := decodeGame(c.ID, recs, game.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Game           []byte
		Seats          []seat
		State          []byte
		Saved, Records int
	}
	of := func(e *entry) got {
		g, err := e.g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		return got{g, e.seats, e.state, e.saved, e.records}
	}
	want := of(whole)
	for k := 1; k <= len(recs); k++ {
		part, err := decodeGame(c.ID, recs[:k], game.DefaultMaxEvents)
		if err != nil {
			t.Fatal(err)
		}
		caught, err := part.catchUp(game.DefaultMaxEvents).decode(recs[k:])
		if err != nil {
			t.Fatalf("from record %d: %v", k, err)
		}
		if diff := cmp.Diff(want, of(caught)); diff != "" {
			t.Fatalf("caught up from record %d (-whole +caught up):\n%s", k, diff)
		}
	}
	// A record out of order is refused, not applied.
	part, _ := decodeGame(c.ID, recs[:2], game.DefaultMaxEvents)
	if _, err := part.catchUp(game.DefaultMaxEvents).decode(recs[3:]); !errors.Is(err, errBadGame) {
		t.Fatalf("records 3 on after 2: %v, want errBadGame", err)
	}
}
