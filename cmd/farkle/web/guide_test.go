package web

import (
	"strings"
	"testing"
)

// The state's kept lists the keeps of the current turn, and the rules
// route words nothing but gives the game's actual points.
func TestKeptAndGuide(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman)
	tok, st := c.Seats[0].Token, c.State
	if st.Kept == nil || len(st.Kept) != 0 {
		t.Fatalf("a new game's kept: %v", st.Kept)
	}
	for moves := 0; moves < 400 && !st.Over; moves++ {
		before := st
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, tok, st); status != 200 {
			t.Fatalf("move: %d", status)
		}
		want := len(before.Kept)
		if len(before.Dice) > 0 {
			want++ // a keep
		}
		if st.Turn != before.Turn || st.Over {
			want = 0
		}
		if len(st.Kept) != want {
			t.Fatalf("move %d: kept %v, want %d keeps", moves, st.Kept, want)
		}
		sum := 0
		for _, k := range st.Kept {
			sum += k.Points
		}
		if len(st.Kept) > 0 && sum != st.TurnTotal {
			t.Fatalf("move %d: kept %v add up to %d, the turn total is %d", moves, st.Kept, sum, st.TurnTotal)
		}
	}

	var g guideJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/rules?lang=cs", "", nil).decode(t, &g)
	if g.Preset != "app" || g.Target <= 0 || !g.FinalRound || g.Bonus != "fixed" {
		t.Errorf("guide %+v", g)
	}
	if g.OfAKind[0][0] != 1000 || g.OfAKind[1][0] != 200 || g.OfAKind[4][1] != 1000 {
		t.Errorf("of a kind %v", g.OfAKind)
	}
	var names []string
	for _, k := range g.Combos {
		names = append(names, k.Kind+"="+k.Name)
	}
	if got := strings.Join(names, ","); !strings.Contains(got, "straight=Postupka") || !strings.Contains(got, "three pairs=Tři páry") {
		t.Errorf("combos %s", got)
	}

	z := call(t, nil, "POST", ts.URL+"/api/games", "", `{"rules":"zilch","seats":[{"kind":"human"}],"toxic_twos":true,"low_straight":500}`)
	var zc created
	z.decode(t, &zc)
	call(t, nil, "GET", ts.URL+"/api/games/"+zc.ID+"/rules", "", nil).decode(t, &g)
	if g.Preset != "zilch" || g.MinBank != 300 || g.Penalty != 500 || g.PenaltyAfter != 3 || !g.ToxicTwos || g.Bonus != "double" {
		t.Errorf("zilch guide %+v", g)
	}
	found := false
	for _, k := range g.Combos {
		if k.Kind == "low straight" && k.Points == 500 {
			found = true
		}
	}
	if !found {
		t.Errorf("zilch guide without its low straight: %+v", g.Combos)
	}
	call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/rules", "", nil).wantError(t, 405, CodeMethodNotAllowed)
}
