package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// createNamed makes a game of target 500 with the seats' kinds, named
// in order by names.
func createNamed(t *testing.T, base string, kinds, names []string) created {
	t.Helper()
	req := createRequest{Rules: "app", Target: 500}
	for i, k := range kinds {
		req.Seats = append(req.Seats, seatRequest{Kind: k, Name: names[i]})
	}
	r := call(t, nil, "POST", base+"/api/games", "", req)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	return c
}

// finish plays game id to its end: each human's move by playMove, with
// the token of the seat to play (toks by seat; "" for a bot).
func finish(t *testing.T, base, id string, toks []string, st stateJSON) stateJSON {
	t.Helper()
	for moves := 0; !st.Over; moves++ {
		if moves > 5000 {
			t.Fatalf("game %s not over after 5000 moves", id)
		}
		var status int
		st, status = playMove(t, nil, base, id, toks[st.Current], st)
		if status != http.StatusOK {
			t.Fatalf("move %d of game %s: status %d", moves, id, status)
		}
	}
	return st
}

// tokens returns the tokens of c's seats by seat, "" for a bot.
func tokens(c created) []string {
	toks := make([]string, len(c.Seats))
	for i, sl := range c.Seats {
		toks[i] = sl.Token
	}
	return toks
}

// pressRematch asks base for the rematch of id with tok.
func pressRematch(t *testing.T, base, id, tok string) (rematchResponse, int) {
	t.Helper()
	r := call(t, nil, "POST", base+"/api/games/"+id+"/rematch", tok, nil)
	var rr rematchResponse
	if r.status == http.StatusOK || r.status == http.StatusCreated {
		r.decode(t, &rr)
	}
	return rr, r.status
}

// Two seats press rematch at once, each on its own Server of one Store
// and both on one: exactly one game is made, and both are sent to it,
// each to its own seat.
func TestRematchTogether(t *testing.T) {
	for _, two := range []bool{false, true} {
		store := newMemStore()
		_, tsA := newTest(t, Config{Store: store})
		tsB := tsA
		if two {
			_, tsB = newTest(t, Config{Store: store})
		}
		c := createNamed(t, tsA.URL, []string{KindHuman, KindHuman, KindThreshold}, []string{"Ann", "Ben", ""})
		toks := tokens(c)
		finish(t, tsA.URL, c.ID, toks, c.State)
		// B reads the game now, finished, and holds it.
		call(t, nil, "GET", tsB.URL+"/api/games/"+c.ID, "", nil)

		var wg sync.WaitGroup
		answers := make([]rematchResponse, 2)
		statuses := make([]int, 2)
		start := make(chan struct{})
		for i, base := range []string{tsA.URL, tsB.URL} {
			wg.Go(func() {
				<-start
				r := call(t, nil, "POST", base+"/api/games/"+c.ID+"/rematch", toks[i], nil)
				statuses[i] = r.status
				if r.status < 300 {
					r.decode(t, &answers[i])
				}
			})
		}
		close(start)
		wg.Wait()
		if answers[0].ID == "" || answers[0].ID != answers[1].ID {
			t.Fatalf("two servers %v: the answers %+v (%v), want one game", two, answers, statuses)
		}
		if answers[0].Created == answers[1].Created {
			t.Errorf("two servers %v: created %v and %v, want one made and one joined", two, answers[0].Created, answers[1].Created)
		}
		if n, _ := store.Count(context.Background()); n != 2 {
			t.Errorf("two servers %v: %d games stored, want the game and its rematch", two, n)
		}
		// Seats turn by one: Ann (seat 0) is seat 2, Ben (seat 1) seat 0.
		if answers[0].Seat != 2 || answers[1].Seat != 0 {
			t.Errorf("two servers %v: seats %d and %d, want 2 and 0", two, answers[0].Seat, answers[1].Seat)
		}
		// Each joins with the token it had.
		for i, a := range answers {
			var st stateJSON
			call(t, nil, "GET", tsB.URL+"/api/games/"+a.ID, toks[i], nil).decode(t, &st)
			if st.You == nil || *st.You != a.Seat {
				t.Errorf("two servers %v: seat %d's token in the rematch is seat %v, want %d", two, i, st.You, a.Seat)
			}
		}
		// A later press joins it, on either server.
		for _, base := range []string{tsA.URL, tsB.URL} {
			if rr, status := pressRematch(t, base, c.ID, toks[1]); status != http.StatusOK || rr.ID != answers[0].ID || rr.Created {
				t.Errorf("two servers %v: a press after: %d %+v", two, status, rr)
			}
		}
	}
}

// The press of a Server that holds the finished game without its link
// (another Server linked it, and Watch has not told it yet) conflicts,
// and joins the other's rematch; the game that it made is deleted.
func TestRematchConflict(t *testing.T) {
	store := newMemStore()
	_, tsA := newTest(t, Config{Store: store})
	_, tsB := newTest(t, Config{Store: store})
	c := createNamed(t, tsA.URL, []string{KindHuman, KindThreshold}, []string{"Ann", ""})
	finish(t, tsA.URL, c.ID, tokens(c), c.State)
	call(t, nil, "GET", tsB.URL+"/api/games/"+c.ID, "", nil)
	first, status := pressRematch(t, tsA.URL, c.ID, c.Seats[0].Token)
	if status != http.StatusCreated {
		t.Fatalf("the first press: %d", status)
	}
	second, status := pressRematch(t, tsB.URL, c.ID, c.Seats[0].Token)
	if status != http.StatusOK || second.ID != first.ID || second.Created {
		t.Fatalf("the press on B: %d %+v, want to join %s", status, second, first.ID)
	}
	if n, _ := store.Count(context.Background()); n != 2 {
		t.Fatalf("%d games stored, want 2", n)
	}
}

// The first player rotates over three rematches: the player after the
// last game's first starts, bots keeping their seats and names.
func TestRematchRotates(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := createNamed(t, ts.URL, []string{KindHuman, KindThreshold, KindHuman}, []string{"Ann", "Robo", "Cy"})
	order := []string{"Ann", "Robo", "Cy"}
	toks := tokens(c)
	id, st := c.ID, c.State
	for round := 1; round <= 3; round++ {
		finish(t, ts.URL, id, toks, st)
		rr, status := pressRematch(t, ts.URL, id, c.Seats[0].Token)
		if status != http.StatusCreated {
			t.Fatalf("rematch %d: %d", round, status)
		}
		call(t, nil, "GET", ts.URL+"/api/games/"+rr.ID, "", nil).decode(t, &st)
		var names, kinds []string
		for _, p := range st.Players {
			names = append(names, p.Name)
			kinds = append(kinds, p.Kind)
		}
		want := append(append([]string{}, order[round%3:]...), order[:round%3]...)
		if strings.Join(names, ",") != strings.Join(want, ",") {
			t.Fatalf("rematch %d: players %v, want %v", round, names, want)
		}
		// The tokens go with their players; Robo is a bot still.
		newToks := make([]string, 3)
		for i, n := range names {
			for j, o := range order {
				if o == n {
					newToks[i] = c.Seats[j].Token
				}
			}
			if (n == "Robo") != (kinds[i] == KindEasy) { // threshold is saved as easy
				t.Fatalf("rematch %d: seat %d, %s, is %s", round, i, n, kinds[i])
			}
		}
		if first := st.Players[0].Name; first != order[round%3] {
			t.Fatalf("rematch %d: %s starts, want %s", round, first, order[round%3])
		}
		// Robo's first turn, when it starts, is played already.
		evs := call(t, nil, "GET", ts.URL+"/api/games/"+rr.ID+"/events", "", nil)
		var page eventsResponse
		evs.decode(t, &page)
		if len(page.Events) > 0 && page.Events[0].Player != 0 {
			t.Fatalf("rematch %d: the first event is seat %d's", round, page.Events[0].Player)
		}
		id, toks = rr.ID, newToks
	}
}

// A stream of the finished game sees the rematch offered, on the Server
// that made it and, told by Watch, on another.
func TestRematchOfferStreamed(t *testing.T) {
	store := newMemStore()
	_, tsA := newTest(t, Config{Store: store})
	b, tsB := newTest(t, Config{Store: store})
	c := createNamed(t, tsA.URL, []string{KindHuman, KindHuman}, []string{"Ann", "Ben"})
	end := finish(t, tsA.URL, c.ID, tokens(c), c.State)
	onA := openSSE(t, tsA.URL+"/api/games/"+c.ID+"/stream")
	onB := openSSE(t, tsB.URL+"/api/games/"+c.ID+"/stream")
	for _, s := range []*sse{onA, onB} {
		if msg := s.update(t); !msg.State.Over || msg.State.Rematch != "" {
			t.Fatalf("the first update: over %v, rematch %q", msg.State.Over, msg.State.Rematch)
		}
	}
	rr, status := pressRematch(t, tsA.URL, c.ID, c.Seats[1].Token)
	if status != http.StatusCreated {
		t.Fatalf("rematch: %d", status)
	}
	recs, err := store.Load(context.Background(), c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	b.changed(c.ID, len(recs))
	for name, s := range map[string]*sse{"A": onA, "B": onB} {
		msg := s.update(t)
		if msg.State.Rematch != rr.ID || msg.State.RematchBy == nil || *msg.State.RematchBy != 1 {
			t.Errorf("the stream on %s: rematch %q by %v, want %s by seat 1", name, msg.State.Rematch, msg.State.RematchBy, rr.ID)
		}
		if msg.State.NumEvents != end.NumEvents || len(msg.Events) != 0 {
			t.Errorf("the stream on %s: %d events, %d new; want %d, none", name, msg.State.NumEvents, len(msg.Events), end.NumEvents)
		}
	}
	// A Server that reads the game afresh has the link too.
	_, tsC := newTest(t, Config{Store: store})
	var st stateJSON
	call(t, nil, "GET", tsC.URL+"/api/games/"+c.ID, "", nil).decode(t, &st)
	if st.Rematch != rr.ID {
		t.Fatalf("read afresh: rematch %q, want %s", st.Rematch, rr.ID)
	}
}

// A rematch is refused before the end, to a watcher, and to a stranger.
func TestRematchRefused(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := createNamed(t, ts.URL, []string{KindHuman, KindThreshold}, []string{"Ann", ""})
	other := createNamed(t, ts.URL, []string{KindHuman}, []string{"Zed"})
	url := ts.URL + "/api/games/" + c.ID + "/rematch"
	call(t, nil, "POST", url, c.Seats[0].Token, nil).wantError(t, http.StatusConflict, CodeNotOver)
	finish(t, ts.URL, c.ID, tokens(c), c.State)
	call(t, nil, "POST", url, "", nil).wantError(t, http.StatusForbidden, CodeNoToken)
	call(t, nil, "POST", url, other.Seats[0].Token, nil).wantError(t, http.StatusForbidden, CodeBadToken)
	call(t, nil, "POST", url, c.Seats[0].Token, `{"x":1}`).wantError(t, http.StatusBadRequest, CodeBadJSON)
	call(t, nil, "GET", url, c.Seats[0].Token, nil).wantError(t, http.StatusMethodNotAllowed, CodeMethodNotAllowed)
}

// The records of a link are checked when a game is read.
func TestRematchBadLink(t *testing.T) {
	for _, tc := range []struct {
		name string
		link rematchLink
		prev rematchLink
		evs  int
	}{
		{"bad id", rematchLink{ID: "x"}, rematchLink{}, 0},
		{"seat out of range", rematchLink{ID: strings.Repeat("a", 24), By: 2}, rematchLink{}, 0},
		{"negative seat", rematchLink{ID: strings.Repeat("a", 24), By: -1}, rematchLink{}, 0},
		{"second link", rematchLink{ID: strings.Repeat("a", 24)}, rematchLink{ID: strings.Repeat("b", 24)}, 0},
		{"with events", rematchLink{ID: strings.Repeat("a", 24)}, rematchLink{}, 1},
	} {
		if err := checkLink(&tc.link, tc.prev, 3, 2, tc.evs); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
	if err := checkLink(&rematchLink{ID: strings.Repeat("a", 24), By: 1}, rematchLink{}, 3, 2, 0); err != nil {
		t.Errorf("a good link: %v", err)
	}
	// A link in a game not over is refused as a whole.
	store := newMemStore()
	s, ts := newTest(t, Config{Store: store})
	c := createNamed(t, ts.URL, []string{KindHuman, KindThreshold}, []string{"Ann", ""})
	e := held(t, s, c.ID)
	data, err := json.Marshal(logRecord{From: c.State.NumEvents, Events: nil, Source: sourceState{Type: "chacha8", State: e.state}, Rematch: &rematchLink{ID: strings.Repeat("a", 24)}})
	if err != nil {
		t.Fatal(err)
	}
	recs, _ := store.Load(context.Background(), c.ID, 0)
	if _, err := decodeGame(c.ID, append(recs, Record{Data: data}), DefaultMaxEvents); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("a link before the end: %v", err)
	}
}

// A press whose link conflicts with a rename made on another Server is
// made again on the game read again: a rematch, not a refusal.
func TestRematchAfterRename(t *testing.T) {
	store := newMemStore()
	_, tsA := newTest(t, Config{Store: store})
	_, tsB := newTest(t, Config{Store: store})
	c := createNamed(t, tsA.URL, []string{KindHuman, KindHuman}, []string{"Ann", "Ben"})
	finish(t, tsA.URL, c.ID, tokens(c), c.State)
	call(t, nil, "GET", tsB.URL+"/api/games/"+c.ID, "", nil)
	if r := call(t, nil, "POST", tsA.URL+"/api/games/"+c.ID+"/join", c.Seats[1].Token, joinRequest{Name: "Benny"}); r.status != http.StatusOK {
		t.Fatalf("rename on A: %d %s", r.status, r.body)
	}
	rr, status := pressRematch(t, tsB.URL, c.ID, c.Seats[0].Token)
	if status != http.StatusCreated {
		t.Fatalf("the press on B after a rename on A: %d", status)
	}
	var st stateJSON
	call(t, nil, "GET", tsA.URL+"/api/games/"+rr.ID, "", nil).decode(t, &st)
	if st.Players[0].Name != "Benny" {
		t.Fatalf("the rematch's first player: %q, want the name after the rename", st.Players[0].Name)
	}
	if n, _ := store.Count(context.Background()); n != 2 {
		t.Fatalf("%d games stored, want 2", n)
	}
}
