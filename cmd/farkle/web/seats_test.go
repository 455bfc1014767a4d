package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// wantField checks that r is a refusal of the request's field.
func wantField(t *testing.T, r resp, status int, code, field string) {
	t.Helper()
	r.wantError(t, status, code)
	var e struct {
		Error struct {
			Field string `json:"field"`
		} `json:"error"`
	}
	if err := json.Unmarshal(r.body, &e); err != nil || e.Error.Field != field {
		t.Errorf("body %s, want the field %q", r.body, field)
	}
}

// TestNames checks the names of a new game's seats: emoji sequences are
// names, bidirectional overrides and control characters are refused
// with the field "name".
func TestNames(t *testing.T) {
	_, ts := newTest(t, Config{})
	newGame := func(name string) resp {
		return call(t, nil, "POST", ts.URL+"/api/games", "", createRequest{Target: 1000, Seats: []seatRequest{{Kind: KindHuman, Name: name}, {Kind: KindExpected}}})
	}
	for _, name := range []string{"👨‍👩‍👧", "Ann 👩🏽‍💻", "🏳️‍🌈", "🇫🇮 Aino", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "Zoë"} {
		r := newGame(name)
		if r.status != http.StatusCreated {
			t.Errorf("create with the name %q: %d %s", name, r.status, r.body)
			continue
		}
		var c created
		r.decode(t, &c)
		if got := c.State.Players[0].Name; got != name {
			t.Errorf("the name %q came back as %q", name, got)
		}
	}
	for _, name := range []string{"Ann\u202e", "a\u202ab", "a\u2066b", "a\u2069b", "a\u200fb", "a\x07b", "\u200d👩", "A\u200dB", strings.Repeat("é", 33)} {
		wantField(t, newGame(name), http.StatusBadRequest, CodeInvalid, "name")
	}
	// A refusal of another kind names no field.
	r := call(t, nil, "POST", ts.URL+"/api/games", "", createRequest{Target: -1, Seats: []seatRequest{{Kind: KindHuman}}})
	wantField(t, r, http.StatusBadRequest, CodeInvalid, "")
}

// TestJoinWithName checks that a player names their seat when joining,
// checked as a new game's names, and that the name is saved.
func TestJoinWithName(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindExpected, KindHuman)
	if got := c.State.Players[2].Name; got != "Player 3" {
		t.Fatalf("the invited seat is %q", got)
	}
	join := func(tok string, body any) resp {
		return call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", tok, body)
	}
	var j joinResponse
	r := join(c.Seats[2].Token, map[string]string{"name": "  👨‍👩‍👧 Bea "})
	r.decode(t, &j)
	if r.status != http.StatusOK || j.Seat != 2 || j.State.Players[2].Name != "👨‍👩‍👧 Bea" {
		t.Fatalf("join with a name: %d %s", r.status, r.body)
	}
	for _, name := range []string{"Bea\u202e", "a\x00b", strings.Repeat("x", 65)} {
		wantField(t, join(c.Seats[2].Token, map[string]string{"name": name}), http.StatusBadRequest, CodeInvalid, "name")
	}
	wantField(t, join("nope", map[string]string{"name": "Eve"}), http.StatusForbidden, CodeBadToken, "")
	join(c.Seats[2].Token, `{"name":"x","other":1}`).wantError(t, http.StatusBadRequest, CodeBadJSON)
	// No name, or an empty one, keeps the name.
	for _, body := range []any{nil, map[string]string{}, map[string]string{"name": " "}} {
		r := join(c.Seats[2].Token, body)
		r.decode(t, &j)
		if r.status != http.StatusOK || j.State.Players[2].Name != "👨‍👩‍👧 Bea" {
			t.Errorf("join with %v: %d %s", body, r.status, r.body)
		}
	}
}

// TestNameSurvivesRestart checks that a name chosen on joining, with an
// emoji sequence, is saved and loaded again.
func TestNameSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{Store: memStoreAt(dir)})
	c := create(t, ts1.URL, KindHuman, KindHuman)
	r := call(t, nil, "POST", ts1.URL+"/api/games/"+c.ID+"/join", c.Seats[1].Token, map[string]string{"name": "🏳️‍🌈 Cy"})
	if r.status != http.StatusOK {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	ts1.Close()
	s1.Release()
	_, ts2 := newTest(t, Config{Store: memStoreAt(dir)})
	var st stateJSON
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).decode(t, &st)
	if len(st.Players) != 2 || st.Players[1].Name != "🏳️‍🌈 Cy" {
		t.Errorf("after a restart the players are %+v", st.Players)
	}
}

// TestStaleMove checks that a move sent with the number of events seen
// is made once: the same move sent again is refused as stale.
func TestStaleMove(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	send := func(action string, seen string) resp {
		req, err := http.NewRequest("POST", ts.URL+"/api/games/"+c.ID+"/"+action, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set(TokenHeader, c.Seats[0].Token)
		req.Header.Set(EventsHeader, seen)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		return resp{res.StatusCode, data, res.Header}
	}
	n := strconv.Itoa(c.State.NumEvents)
	r := send("roll", n)
	if r.status != http.StatusOK {
		t.Fatalf("roll with %s events seen: %d %s", n, r.status, r.body)
	}
	var st stateJSON
	r.decode(t, &st)
	if st.NumEvents <= c.State.NumEvents {
		t.Fatalf("the roll added no event: %d", st.NumEvents)
	}
	send("roll", n).wantError(t, http.StatusConflict, CodeStale)
	send("bank", "x").wantError(t, http.StatusBadRequest, CodeInvalid)
	send("bank", "-1").wantError(t, http.StatusBadRequest, CodeInvalid)
	var again stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &again)
	if again.NumEvents != st.NumEvents {
		t.Errorf("a stale move changed the game: %d events, then %d", st.NumEvents, again.NumEvents)
	}
}
