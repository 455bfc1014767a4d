package web

import (
	"bytes"
	"net/http"
	"testing"
)

// The state says when a game has reached its limit of events: too_long
// is false before (and always in the JSON), true in the answer of the
// move that reached it and in the state from then on, when moves are
// refused with game_too_long.
func TestStateTooLong(t *testing.T) {
	_, ts := newTest(t, Config{MaxEvents: 60})
	c := createTarget(t, ts.URL, maxTarget, KindHuman, KindThreshold)
	r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil)
	if !bytes.Contains(r.body, []byte(`"too_long":false`)) {
		t.Fatalf("a new game's state has no \"too_long\":false: %s", r.body)
	}
	st := c.State
	for range 10_000 {
		if st.TooLong {
			break
		}
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st); status != http.StatusOK {
			t.Fatalf("a move refused with %d at %d events, too_long false", status, st.NumEvents)
		}
		if st.TooLong != (st.NumEvents >= 60) {
			t.Fatalf("too_long %v at %d events of at most 60", st.TooLong, st.NumEvents)
		}
	}
	if !st.TooLong {
		t.Fatal("the game never reached its limit")
	}
	var got stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &got)
	if !got.TooLong {
		t.Fatalf("the state at %d events of at most 60 has too_long false", got.NumEvents)
	}
	call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/roll", c.Seats[0].Token, nil).wantError(t, http.StatusConflict, CodeGameTooLong)
}
