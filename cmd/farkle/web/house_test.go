package web

// The house rules of a new game: the request's keys, the rules they make,
// the state that shows them, and the refusals.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

func TestCreateHouseRules(t *testing.T) {
	s, ts := newTest(t, Config{})
	body := `{"rules":"zilch","target":2000,"seats":[{"kind":"expected"},{"kind":"human"}],` +
		`"low_straight":500,"high_straight":750,"toxic_twos":true,"six_ones_win":true,"welfare":true,"bankrupt":true}`
	r := call(t, nil, "POST", ts.URL+"/api/games", "", body)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	st := c.State
	if st.Rules != "custom" || st.LowStraight != 500 || st.HighStraight != 750 || !st.ToxicTwos || !st.SixOnesWin || !st.Welfare || !st.Bankrupt {
		t.Errorf("state %+v: want the house rules", st)
	}
	want := game.Zilch.Rules()
	want.Target, want.FinalRound, want.Penalty = 2000, false, 0 // welfare: no final round; bankrupt: no penalty
	want.Scoring.LowStraight, want.Scoring.HighStraight = 500, 750
	want.ToxicTwos, want.SixOnesWin, want.Welfare, want.Bankrupt = true, true, true, true
	s.mu.Lock()
	e := s.games[c.ID]
	s.mu.Unlock()
	e.mu.Lock()
	got, over, current, n := e.g.View().Rules(), e.g.View().Over(), e.g.View().Current(), e.g.NumEvents()
	e.mu.Unlock()
	if got != want {
		t.Errorf("rules %+v, want %+v", got, want)
	}
	// The expected-score bot of seat 0, solved under toxic twos, played
	// its turn.
	if n == 0 || current != 1 && !over {
		t.Errorf("after the bot's turn: %d events, player %d to play, over %v", n, current, over)
	}

	// Without house rules the state has none of their keys.
	plain := create(t, ts.URL, KindHuman)
	if p := plain.State; p.LowStraight != 0 || p.ToxicTwos || p.Welfare || p.Bankrupt || p.SixOnesWin || p.HighStraight != 0 {
		t.Errorf("plain state %+v", p)
	}
	// Bankrupt under app counts three farkles in a row.
	r = call(t, nil, "POST", ts.URL+"/api/games", "", `{"rules":"app","seats":[{"kind":"human"}],"bankrupt":true}`)
	r.decode(t, &c)
	s.mu.Lock()
	e = s.games[c.ID]
	s.mu.Unlock()
	e.mu.Lock()
	got = e.g.View().Rules()
	e.mu.Unlock()
	if !got.Bankrupt || got.PenaltyAfter != 3 || got.Penalty != 0 || got.Scoring != farkle.AppScoring.Rules() {
		t.Errorf("bankrupt under app: %+v", got)
	}
}

func TestCreateHouseRulesRefused(t *testing.T) {
	_, ts := newTest(t, Config{})
	post := func(body string) resp { return call(t, nil, "POST", ts.URL+"/api/games", "", body) }
	for _, tc := range []struct {
		name   string
		r      resp
		status int
		code   string
	}{
		{"negative straight", post(`{"seats":[{"kind":"human"}],"low_straight":-500}`), 400, CodeInvalid},
		{"huge straight", post(`{"seats":[{"kind":"human"}],"high_straight":1000001}`), 400, CodeInvalid},
		{"straight not a number", post(`{"seats":[{"kind":"human"}],"low_straight":"500"}`), 400, CodeBadJSON},
		{"rule not a boolean", post(`{"seats":[{"kind":"human"}],"toxic_twos":1}`), 400, CodeBadJSON},
		{"unknown house rule", post(`{"seats":[{"kind":"human"}],"pigback":true}`), 400, CodeBadJSON},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.r.wantError(t, tc.status, tc.code) })
	}
}

func TestPiggybackMove(t *testing.T) {
	s, ts := newTest(t, Config{})
	r := call(t, nil, "POST", ts.URL+"/api/games", "", `{"seats":[{"kind":"human"},{"kind":"human"}],"piggyback":true,"piggyback_bonus":500}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	if !c.State.Piggyback || c.State.Bonus != 500 || c.State.OfferDice != 0 {
		t.Fatalf("state %+v", c.State)
	}
	// Player 0 banks 150 with 4 dice left, on dice given here.
	s.mu.Lock()
	e := s.games[c.ID]
	s.mu.Unlock()
	e.mu.Lock()
	for _, err := range []error{e.g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6}), e.g.Keep([]farkle.Die{1, 5}), e.g.Bank()} {
		if err != nil {
			t.Fatal(err)
		}
	}
	e.mu.Unlock()
	url := ts.URL + "/api/games/" + c.ID
	var st stateJSON
	call(t, nil, "GET", url, "", nil).decode(t, &st)
	if st.OfferTotal != 650 || st.OfferDice != 4 || st.Current != 1 {
		t.Fatalf("state %+v: want an offer of 650 with 4 dice to player 1", st)
	}
	call(t, nil, "POST", url+"/piggyback", c.Seats[0].Token, nil).wantError(t, 409, CodeNotYourTurn)
	r = call(t, nil, "POST", url+"/piggyback", c.Seats[1].Token, nil)
	if r.status != http.StatusOK {
		t.Fatalf("piggyback: %d %s", r.status, r.body)
	}
	var after stateJSON
	r.decode(t, &after)
	if after.TurnTotal != 650 || after.DiceLeft != 4 || after.OfferDice != 0 || after.OfferTotal != 0 || after.CanBank || !after.CanRoll {
		t.Errorf("after piggyback: %+v", after)
	}
	call(t, nil, "POST", url+"/piggyback", c.Seats[1].Token, nil).wantError(t, 409, CodeIllegalMove)
	call(t, nil, "POST", ts.URL+"/api/games", "", `{"seats":[{"kind":"human"}],"piggyback":true,"piggyback_bonus":-1}`).wantError(t, 400, CodeInvalid)
	call(t, nil, "POST", ts.URL+"/api/games", "", `{"seats":[{"kind":"human"}],"piggyback_bonus":500}`).wantError(t, 400, CodeInvalid)
}

// TestPiggybackBonusStep checks that a bonus off the step of the rules'
// points is refused at creation: a turn total taken over with it could
// not be advised (the hint would fail), and the expected-score bot could
// never take it over. A bonus on the step, under rules whose short
// straights make the step smaller, is advised after the takeover.
func TestPiggybackBonusStep(t *testing.T) {
	s, ts := newTest(t, Config{})
	call(t, nil, "POST", ts.URL+"/api/games", "", `{"seats":[{"kind":"human"},{"kind":"human"}],"piggyback":true,"piggyback_bonus":30}`).
		wantError(t, 400, CodeInvalid)
	r := call(t, nil, "POST", ts.URL+"/api/games", "",
		`{"seats":[{"kind":"human"},{"kind":"human"}],"low_straight":510,"piggyback":true,"piggyback_bonus":30}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create with a step of 10: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	s.mu.Lock()
	e := s.games[c.ID]
	s.mu.Unlock()
	e.mu.Lock()
	for _, err := range []error{e.g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6}), e.g.Keep([]farkle.Die{1, 5}), e.g.Bank(), e.g.Piggyback(), e.g.RollDice([]farkle.Die{1, 2, 3, 4})} {
		if err != nil {
			t.Fatal(err)
		}
	}
	e.mu.Unlock()
	var adv adviceJSON
	r = call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/advice", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("advice after taking over 180: %d %s", r.status, r.body)
	}
	r.decode(t, &adv)
	if adv.TurnTotal != 180 || adv.Best == nil || adv.Best.TurnTotal != 280 {
		t.Errorf("advice after taking over 180 with 1 2 3 4: %+v", adv)
	}
}

// TestShortStraightsTooLarge checks that short straights whose strategy
// table cannot be solved (a step of 1 point, or turn totals in the
// millions) are refused at creation, with or without a bot, rather than
// making a game whose hints all fail.
func TestShortStraightsTooLarge(t *testing.T) {
	_, ts := newTest(t, Config{})
	for _, body := range []string{
		`{"seats":[{"kind":"human"}],"low_straight":999999}`,
		`{"seats":[{"kind":"human"},{"kind":"expected"}],"low_straight":1000000,"high_straight":1000000}`,
	} {
		r := call(t, nil, "POST", ts.URL+"/api/games", "", body)
		r.wantError(t, 400, CodeInvalid)
		if !strings.Contains(string(r.body), "straight") {
			t.Errorf("%s: the refusal %s does not name the short straights", body, r.body)
		}
	}
}

// TestTableCacheBounded checks that the strategy tables of many
// different short straights do not pile up: the cache holds at most
// maxTables, and a game whose table was dropped is advised again.
func TestTableCacheBounded(t *testing.T) {
	s, ts := newTest(t, Config{})
	var first created
	for i := range maxTables + 3 {
		body := fmt.Sprintf(`{"seats":[{"kind":"human"},{"kind":"expected"}],"low_straight":%d}`, 50*(i+1))
		r := call(t, nil, "POST", ts.URL+"/api/games", "", body)
		if r.status != http.StatusCreated {
			t.Fatalf("create %d: %d %s", i, r.status, r.body)
		}
		if i == 0 {
			r.decode(t, &first)
		}
	}
	s.tables.mu.Lock()
	n := len(s.tables.m)
	s.tables.mu.Unlock()
	if n > maxTables {
		t.Errorf("%d tables cached, want at most %d", n, maxTables)
	}
	url := ts.URL + "/api/games/" + first.ID
	call(t, nil, "POST", url+"/roll", first.Seats[0].Token, nil)
	var st stateJSON
	call(t, nil, "GET", url, "", nil).decode(t, &st)
	if len(st.Dice) > 0 {
		if r := call(t, nil, "GET", url+"/advice", "", nil); r.status != http.StatusOK {
			t.Errorf("advice of the first game: %d %s", r.status, r.body)
		}
	}
}

// TestOpeningMinimum checks min_first_bank at creation: the state says
// it, a first bank under it is refused while one at it is made, and
// values off the step, negative or above the target are refused.
func TestOpeningMinimum(t *testing.T) {
	s, ts := newTest(t, Config{})
	r := call(t, nil, "POST", ts.URL+"/api/games", "", `{"target":2000,"seats":[{"kind":"human"},{"kind":"human"}],"min_first_bank":500}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	if c.State.MinFirstBank != 500 {
		t.Fatalf("state's min_first_bank %d, want 500", c.State.MinFirstBank)
	}
	// Player 0 keeps 150 and may not bank it; then 1,150 with three 1s.
	s.mu.Lock()
	e := s.games[c.ID]
	s.mu.Unlock()
	e.mu.Lock()
	for _, err := range []error{e.g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6}), e.g.Keep([]farkle.Die{1, 5})} {
		if err != nil {
			e.mu.Unlock()
			t.Fatal(err)
		}
	}
	e.mu.Unlock()
	url := ts.URL + "/api/games/" + c.ID
	var st stateJSON
	call(t, nil, "GET", url, "", nil).decode(t, &st)
	if st.CanBank || st.TurnTotal != 150 {
		t.Fatalf("turn total %d, can bank %v: want 150 and no bank under 500", st.TurnTotal, st.CanBank)
	}
	call(t, nil, "POST", url+"/bank", c.Seats[0].Token, nil).wantError(t, 409, CodeIllegalMove)
	e.mu.Lock()
	for _, err := range []error{e.g.RollDice([]farkle.Die{1, 1, 1, 2}), e.g.Keep([]farkle.Die{1, 1, 1})} {
		if err != nil {
			e.mu.Unlock()
			t.Fatal(err)
		}
	}
	e.mu.Unlock()
	if r := call(t, nil, "POST", url+"/bank", c.Seats[0].Token, nil); r.status != http.StatusOK {
		t.Fatalf("bank of 1,150: %d %s", r.status, r.body)
	}
	for _, body := range []string{
		`{"seats":[{"kind":"human"}],"min_first_bank":-50}`,
		`{"seats":[{"kind":"human"}],"min_first_bank":30}`,
		`{"target":1000,"seats":[{"kind":"human"}],"min_first_bank":1050}`,
	} {
		call(t, nil, "POST", ts.URL+"/api/games", "", body).wantError(t, 400, CodeInvalid)
	}
}
