package web

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
)

func TestCreate(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindExpected, KindThreshold, KindHuman)
	if !ValidID(c.ID) || len(c.Seats) != 4 {
		t.Fatalf("created %+v", c)
	}
	for i, s := range c.Seats {
		human := s.Kind == KindHuman
		if human != (s.Token != "") || human != (s.Link != "") {
			t.Errorf("seat %d: %+v: a token and a link for each human seat only", i, s)
		}
		if human && s.Link != "/g/"+c.ID+"#token="+s.Token {
			t.Errorf("seat %d: link %q", i, s.Link)
		}
	}
	if c.Seats[0].Token == c.Seats[3].Token {
		t.Error("two seats with one token")
	}
	if got := []string{c.State.Players[1].Name, c.State.Players[2].Name}; got[0] != "Bot 1" || got[1] != "Bot 2" {
		t.Errorf("bot names %q", got)
	}
	if c.State.Target != 1000 || c.State.Rules != "app" || c.State.Current != 0 || !c.State.CanRoll {
		t.Errorf("state %+v", c.State)
	}
}

// Every refusal of the API: status and stable code.
func TestErrors(t *testing.T) {
	_, ts := newTest(t, Config{MaxBody: 256})
	base := ts.URL
	two := create(t, base, KindHuman, KindHuman)
	other := create(t, base, KindHuman, KindThreshold)
	g := base + "/api/games/" + two.ID
	ann, bea := two.Seats[0].Token, two.Seats[1].Token
	post := func(url, token string, body any) resp { return call(t, nil, "POST", url, token, body) }

	for _, tc := range []struct {
		name   string
		r      resp
		status int
		code   string
	}{
		{"no body", post(base+"/api/games", "", ""), 400, CodeBadJSON},
		{"not JSON", post(base+"/api/games", "", "{rules"), 400, CodeBadJSON},
		{"an array", post(base+"/api/games", "", "[]"), 400, CodeBadJSON},
		{"unknown key", post(base+"/api/games", "", `{"rules":"app","seats":[{"kind":"human"}],"cheat":1}`), 400, CodeBadJSON},
		{"unknown seat key", post(base+"/api/games", "", `{"seats":[{"kind":"human","token":"x"}]}`), 400, CodeBadJSON},
		{"wrong type", post(base+"/api/games", "", `{"target":"1000","seats":[{"kind":"human"}]}`), 400, CodeBadJSON},
		{"data after", post(base+"/api/games", "", `{"seats":[{"kind":"human"}]} {}`), 400, CodeBadJSON},
		{"too large", post(base+"/api/games", "", `{"seats":[{"kind":"human","name":"`+strings.Repeat("a", 300)+`"}]}`), 413, CodeTooLarge},
		{"bad rules", post(base+"/api/games", "", `{"rules":"poker","seats":[{"kind":"human"}]}`), 400, CodeInvalid},
		{"bad target", post(base+"/api/games", "", `{"target":-5,"seats":[{"kind":"human"}]}`), 400, CodeInvalid},
		{"huge target", post(base+"/api/games", "", `{"target":100000001,"seats":[{"kind":"human"}]}`), 400, CodeInvalid},
		{"no seats", post(base+"/api/games", "", `{"seats":[]}`), 400, CodeInvalid},
		{"nine seats", post(base+"/api/games", "", `{"seats":[`+strings.Repeat(`{"kind":"human"},`, 8)+`{"kind":"human"}]}`), 400, CodeInvalid},
		{"bad kind", post(base+"/api/games", "", `{"seats":[{"kind":"robot"}]}`), 400, CodeInvalid},
		{"no human", post(base+"/api/games", "", `{"seats":[{"kind":"expected"},{"kind":"threshold"}]}`), 400, CodeInvalid},
		{"control character", post(base+"/api/games", "", `{"seats":[{"kind":"human","name":"a\u0007b"}]}`), 400, CodeInvalid},
		{"long name", post(base+"/api/games", "", `{"seats":[{"kind":"human","name":"`+strings.Repeat("é", 40)+`"}]}`), 400, CodeInvalid},
		{"not JSON content", func() resp {
			req, _ := http.NewRequest("POST", base+"/api/games", strings.NewReader(`{"seats":[{"kind":"human"}]}`))
			req.Header.Set("Content-Type", "text/plain")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var b [512]byte
			n, _ := res.Body.Read(b[:])
			return resp{res.StatusCode, b[:n], res.Header}
		}(), 415, CodeBadContentType},

		{"unknown game", call(t, nil, "GET", base+"/api/games/000000000000000000000000", "", nil), 404, CodeNotFound},
		{"bad game ID", call(t, nil, "GET", base+"/api/games/..%2f..%2fetc", "", nil), 404, CodeNotFound},
		{"move in unknown game", post(base+"/api/games/000000000000000000000000/roll", ann, nil), 404, CodeNotFound},
		{"unknown route", call(t, nil, "GET", base+"/api/nothing", "", nil), 404, CodeNotFound},
		{"wrong method", call(t, nil, "DELETE", g, "", nil), 405, CodeMethodNotAllowed},
		{"GET a move", call(t, nil, "GET", g+"/roll", ann, nil), 405, CodeMethodNotAllowed},

		{"no token", post(g+"/roll", "", nil), 403, CodeNoToken},
		{"wrong token", post(g+"/roll", "not-a-token", nil), 403, CodeBadToken},
		{"another game's token", post(g+"/roll", other.Seats[0].Token, nil), 403, CodeBadToken},
		{"join with a wrong token", post(g+"/join", "nope", nil), 403, CodeBadToken},
		{"not your turn", post(g+"/roll", bea, nil), 409, CodeNotYourTurn},
		{"keep before a roll", post(g+"/keep", ann, keepRequest{Dice: []int{1}}), 409, CodeIllegalMove},
		{"bank before a roll", post(g+"/bank", ann, nil), 409, CodeIllegalMove},
		{"advice before a roll", call(t, nil, "GET", g+"/advice", "", nil), 409, CodeNoRoll},
		{"bad die", post(g+"/keep", ann, `{"dice":[7]}`), 400, CodeInvalid},
		{"no dice", post(g+"/keep", ann, `{"dice":[]}`), 400, CodeInvalid},
		{"seven dice", post(g+"/keep", ann, `{"dice":[1,1,1,1,1,1,1]}`), 400, CodeInvalid},
		{"roll with a body", post(g+"/roll", ann, `{"dice":[1]}`), 400, CodeBadJSON},
		{"bad since", call(t, nil, "GET", g+"/events?since=-1", "", nil), 400, CodeInvalid},
		{"since beyond", call(t, nil, "GET", g+"/events?since=99", "", nil), 400, CodeInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.r.wantError(t, tc.status, tc.code) })
	}

	// A roll, then a keep of dice that score nothing or were not rolled.
	r := post(g+"/roll", ann, nil)
	var st stateJSON
	r.decode(t, &st)
	if len(st.Dice) == 0 {
		// A farkle: Bea is to play.
		return
	}
	post(g+"/roll", ann, nil).wantError(t, 409, CodeIllegalMove) // dice wait for a keep
	bad := []int{}
	for _, d := range []int{2, 3, 4, 6} {
		if !slices.Contains(st.Dice, farkle.Die(d)) {
			bad = []int{d}
			break
		}
	}
	if len(bad) > 0 {
		post(g+"/keep", ann, keepRequest{Dice: bad}).wantError(t, 409, CodeIllegalMove)
	}
	post(g+"/keep", bea, keepRequest{Dice: intsOf(st.Keeps[0].Dice)}).wantError(t, 409, CodeNotYourTurn)
}

func TestRateLimit(t *testing.T) {
	_, ts := newTest(t, Config{Rate: 0.001, Burst: 3})
	for i := 0; i < 3; i++ {
		if r := call(t, nil, "GET", ts.URL+"/api/games/000000000000000000000000", "", nil); r.status != 404 {
			t.Fatalf("request %d: %d", i, r.status)
		}
	}
	r := call(t, nil, "GET", ts.URL+"/api/games/000000000000000000000000", "", nil)
	r.wantError(t, http.StatusTooManyRequests, CodeRateLimited)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
}

func TestLimiterRefills(t *testing.T) {
	l := newLimiter(10, 2)
	now := time.Unix(0, 0)
	a, b := clientOf(netip.MustParseAddr("192.0.2.1")), clientOf(netip.MustParseAddr("192.0.2.2"))
	var got []bool
	for i := 0; i < 3; i++ {
		got = append(got, l.allow(a, now))
	}
	if !slices.Equal(got, []bool{true, true, false}) {
		t.Fatalf("a burst of 2: %v", got)
	}
	if !l.allow(b, now) {
		t.Fatal("another client shares the bucket")
	}
	if !l.allow(a, now.Add(100*time.Millisecond)) {
		t.Fatal("no refill after 100ms at 10/s")
	}
}

// A game is played to its end, the bot taking its turns on the server
// right after the human's, and the state and history agree.
func TestPlayAgainstBots(t *testing.T) {
	for _, kind := range append(slices.Clone(BotKinds), KindThreshold, KindExpected) {
		t.Run(kind, func(t *testing.T) {
			_, ts := newTest(t, Config{})
			c := create(t, ts.URL, KindHuman, kind)
			if want, _ := bots.Canonical(kind); c.Seats[1].Kind != want || c.State.Players[1].Kind != want {
				t.Errorf("seat of kind %q: %q, in the state %q, want %q", kind, c.Seats[1].Kind, c.State.Players[1].Kind, want)
			}
			tok := c.Seats[0].Token
			st := c.State
			botMoved := false
			for moves := 0; !st.Over; moves++ {
				if moves > 2000 {
					t.Fatal("no end")
				}
				if st.Current != 0 {
					t.Fatalf("the human's move answered with player %d to play", st.Current)
				}
				var status int
				if st, status = playMove(t, nil, ts.URL, c.ID, tok, st); status != 200 {
					t.Fatalf("move: %d", status)
				}
				if st.Turn > 1 {
					botMoved = true
				}
			}
			if !botMoved {
				t.Error("the bot never played")
			}
			var evs eventsResponse
			call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/events", "", nil).decode(t, &evs)
			if evs.Next != st.NumEvents || len(evs.Events) != st.NumEvents {
				t.Fatalf("%d events, next %d; state has %d", len(evs.Events), evs.Next, st.NumEvents)
			}
			bot := false
			for _, e := range evs.Events {
				if e.Player == 1 && e.Kind == "banked" {
					bot = true
				}
			}
			last := evs.Events[len(evs.Events)-1]
			if last.Kind != "won" || last.Player != *st.Winner {
				t.Errorf("last event %+v, winner %d", last, *st.Winner)
			}
			if !bot && st.Players[1].Score != 0 {
				t.Error("the bot scored without banking")
			}
			call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/roll", tok, nil).wantError(t, 409, CodeGameOver)
			var since eventsResponse
			call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/events?since=3", "", nil).decode(t, &since)
			if len(since.Events) != st.NumEvents-3 || since.Events[0].Seq != 3 {
				t.Errorf("events since 3: %d from %d", len(since.Events), since.Events[0].Seq)
			}
		})
	}
}

// A bot in the first seat plays its turn when the game is made.
func TestBotFirst(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindThreshold, KindHuman)
	if c.State.Current != 1 || c.State.NumEvents == 0 {
		t.Fatalf("state %+v: the bot did not play first", c.State)
	}
}

func TestAdvice(t *testing.T) {
	_, ts := newTest(t, Config{})
	c, _ := createRolled(t, ts.URL, KindHuman, KindExpected)
	for _, lang := range []string{"en", "cs", "fi", "nl"} {
		var a adviceJSON
		r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/advice?lang="+lang, "", nil)
		r.decode(t, &a)
		if r.status != 200 || a.Farkle || a.Best == nil || len(a.Choices) == 0 || a.WinChance {
			t.Fatalf("advice %s: %d %s", lang, r.status, r.body)
		}
		if a.Best.Dice != a.Choices[0].Dice || a.Best.Value < a.Choices[len(a.Choices)-1].Value {
			t.Errorf("best %+v, choices %+v", a.Best, a.Choices)
		}
		if a.Choices[0].WinChance != nil {
			t.Error("a win chance without an estimator")
		}
		name := a.Best.Combos[0].Name
		if lang == "en" && name != a.Best.Combos[0].Kind && !strings.EqualFold(name, a.Best.Combos[0].Kind) {
			t.Errorf("English name %q, kind %q", name, a.Best.Combos[0].Kind)
		}
		t.Logf("%s: %s", lang, name)
	}
	// The win chance extension point.
	_, ts2 := newTest(t, Config{WinChance: func(v game.View, ch []ChoiceJSON) ([]float64, bool) {
		p := make([]float64, len(ch))
		for i := range p {
			p[i] = 0.5
		}
		return p, true
	}, SeatChances: func(v game.View, ch []ChoiceJSON) ([][]float64, bool) {
		p := make([][]float64, len(ch))
		for i := range p {
			p[i] = []float64{0.5, 0.5}
		}
		return p, true
	}})
	c2, _ := createRolled(t, ts2.URL, KindHuman)
	var a adviceJSON
	call(t, nil, "GET", ts2.URL+"/api/games/"+c2.ID+"/advice", "", nil).decode(t, &a)
	if !a.WinChance || a.Best.WinChance == nil || *a.Best.WinChance != 0.5 {
		t.Errorf("win chance not passed on: %+v", a)
	}
	if len(a.Best.SeatChances) != 2 || a.Best.SeatChances[0] != 0.5 {
		t.Errorf("seat chances not passed on: %+v", a.Best)
	}
}

// Names are escaped in the page, and sent as JSON strings by the API.
func TestEscaping(t *testing.T) {
	_, ts := newTest(t, Config{})
	const evil = `<script>alert(1)</script>`
	r := call(t, nil, "POST", ts.URL+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman, Name: evil}, {Kind: KindThreshold, Name: `"><img src=x onerror=alert(2)>`}}})
	var c created
	r.decode(t, &c)
	if c.State.Players[0].Name != evil {
		t.Fatalf("name %q", c.State.Players[0].Name)
	}
	if strings.Contains(string(r.body), "<script>") {
		t.Error("the JSON holds a raw <script>")
	}
	page := call(t, nil, "GET", ts.URL+"/g/"+c.ID, "", nil)
	body := string(page.body)
	if page.status != 200 || !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Fatalf("page %d does not show the name escaped", page.status)
	}
	if strings.Contains(body, evil) || strings.Contains(body, "<img") {
		t.Error("the page holds a name unescaped")
	}
	if csp := page.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	// The page's script never writes data as HTML.
	js, err := os.ReadFile(filepath.Join("static", "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"} {
		if strings.Contains(string(js), bad) {
			t.Errorf("app.js uses %s", bad)
		}
	}
}

func TestPages(t *testing.T) {
	_, ts := newTest(t, Config{})
	for _, tc := range []struct {
		path, want string
		status     int
	}{
		{"/", `id="new-game"`, 200},
		{"/g/000000000000000000000000", "No such game", 404},
		{"/static/app.js", "EventSource", 200},
		{"/static/dice.js", "export function dieSVG", 200},
		{"/static/style.css", "@media", 200},
	} {
		r := call(t, nil, "GET", ts.URL+tc.path, "", nil)
		if r.status != tc.status || !strings.Contains(string(r.body), tc.want) {
			t.Errorf("GET %s: %d, want %d with %q", tc.path, r.status, tc.status, tc.want)
		}
	}
	r := call(t, nil, "GET", ts.URL+"/", "", nil)
	for _, want := range []string{`name="viewport"`, `type="module"`, `lang="en"`} {
		if !strings.Contains(string(r.body), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// Join tells the seat of a token; the state tells it too with the header.
func TestJoin(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindExpected, KindHuman)
	var j joinResponse
	r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", c.Seats[2].Token, nil)
	r.decode(t, &j)
	if r.status != 200 || j.Seat != 2 || j.State.You == nil || *j.State.You != 2 {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	var st stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, c.Seats[0].Token, nil).decode(t, &st)
	if st.You == nil || *st.You != 0 {
		t.Errorf("state you %v", st.You)
	}
	var anon stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &anon)
	if anon.You != nil {
		t.Errorf("state without a token: you %v", *anon.You)
	}
}

// The save of a game: its records, one appended with each move before
// its answer, with the hashes of the tokens and not the tokens.
func TestSaveContents(t *testing.T) {
	store := newMemStore()
	_, ts := newTest(t, Config{Store: store})
	c := createTarget(t, ts.URL, 100_000, KindHuman, KindExpected)
	tok := c.Seats[0].Token
	st := c.State
	for i := 0; i < 5; i++ {
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, tok, st); status != 200 {
			t.Fatalf("move %d: status %d", i, status)
		}
		recs, err := store.Load(context.Background(), c.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != i+2 {
			t.Fatalf("after move %d: %d records, want %d", i, len(recs), i+2)
		}
		for _, r := range recs {
			if strings.Contains(string(r.Data), tok) {
				t.Fatal("the save holds the token")
			}
		}
		l, err := decodeGame(c.ID, recs, game.DefaultMaxEvents)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256([]byte(tok))
		if len(l.seats) != 2 || l.seats[0].Kind != "human" || l.seats[0].TokenHash != hex.EncodeToString(h[:]) ||
			l.seats[1].Kind != KindHard || l.seats[1].TokenHash != "" {
			t.Fatalf("seats %+v", l.seats)
		}
		if l.g.NumEvents() != st.NumEvents || l.g.View().Scores()[0] != st.Players[0].Score || l.records != len(recs) {
			t.Fatalf("the store has %d events, the acknowledged state %d", l.g.NumEvents(), st.NumEvents)
		}
	}
}

// A new Server on the same Store serves its games: tokens work, moves go
// on.
func TestRestart(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{Store: memStoreAt(dir)})
	c := create(t, ts1.URL, KindHuman, KindThreshold)
	st, _ := playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, c.State)
	ts1.Close()
	s1.Release()

	var logs []string
	s2, ts2 := newTest(t, Config{Store: memStoreAt(dir), Logf: func(f string, a ...any) { logs = append(logs, f) }})
	if s2.NumGames() != 1 || len(logs) != 0 {
		t.Fatalf("%d games, logs %q", s2.NumGames(), logs)
	}
	var again stateJSON
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).decode(t, &again)
	if again.NumEvents != st.NumEvents || again.TurnTotal != st.TurnTotal {
		t.Fatalf("after the restart %d events, before %d", again.NumEvents, st.NumEvents)
	}
	if _, status := playMove(t, nil, ts2.URL, c.ID, c.Seats[0].Token, again); status != 200 {
		t.Fatalf("a move after the restart: %d", status)
	}
}

// A save that fails undoes the move and says so.
func TestSaveFailure(t *testing.T) {
	dir := t.TempDir()
	s, ts := newTest(t, Config{Store: memStoreAt(dir)})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	tok := c.Seats[0].Token
	st, _ := playMove(t, nil, ts.URL, c.ID, tok, c.State)
	good := st.NumEvents

	faults(s).fail.Store(true) // every save now fails
	path, body := "/roll", any(nil)
	if len(st.Dice) > 0 {
		path, body = "/keep", keepRequest{Dice: intsOf(st.Keeps[0].Dice)}
	}
	for i := 0; i < 3; i++ {
		call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+path, tok, body).wantError(t, 500, CodeSaveFailed)
		var now stateJSON
		call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &now)
		if now.NumEvents != good {
			t.Fatalf("the unsaved move is in the game: %d events, want %d", now.NumEvents, good)
		}
	}
	faults(s).fail.Store(false)
	if _, status := playMove(t, nil, ts.URL, c.ID, tok, st); status != 200 {
		t.Fatalf("a move once saves work again: %d", status)
	}
}

// The event stream sends the state at once, then an update for each move
// with the new events.
func TestStream(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream?lang=fi")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	rd := bufio.NewReader(res.Body)
	next := func() (string, streamMessage) {
		t.Helper()
		var id string
		var msg streamMessage
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "data: "):
				if err := json.Unmarshal([]byte(line[6:]), &msg); err != nil {
					t.Fatal(err)
				}
			case line == "" && id != "":
				return id, msg
			}
		}
	}
	id, msg := next()
	if id != "0" || msg.State.ID != c.ID || msg.State.Lang != "fi" || len(msg.Events) != 0 {
		t.Fatalf("first update: id %s, %+v", id, msg)
	}
	st, _ := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State)
	id, msg = next()
	if msg.State.NumEvents != st.NumEvents || len(msg.Events) != st.NumEvents || msg.Events[0].Kind != "rolled" {
		t.Fatalf("update %s: %+v, want the roll", id, msg)
	}
	for _, k := range msg.State.Keeps {
		for _, cb := range k.Combos {
			if cb.Name == "" {
				t.Errorf("a combination without a name: %+v", cb)
			}
		}
	}
}

// Close ends the event streams, so that a shutdown does not wait for
// them.
func TestStreamsEndOnClose(t *testing.T) {
	s, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman)
	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	done := make(chan struct{})
	go func() {
		var b [4096]byte
		for {
			if _, err := res.Body.Read(b[:]); err != nil {
				close(done)
				return
			}
		}
	}()
	s.Close()
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatal("the stream did not end")
	}
}

// The bounds on games and event streams answer 503.
func TestUnavailable(t *testing.T) {
	_, ts := newTest(t, Config{MaxGames: 1, MaxStreams: 1})
	c := create(t, ts.URL, KindHuman)
	call(t, nil, "POST", ts.URL+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman}}}).wantError(t, 503, CodeUnavailable)
	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("first stream: %d", res.StatusCode)
	}
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/stream", "", nil).wantError(t, 503, CodeUnavailable)
}
