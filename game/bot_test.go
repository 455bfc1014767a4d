package game

// Bots: what a View shows them, the rules PlayTurn keeps for them, nil
// bots, ThresholdBot, and the allocations of a turn.

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
)

// bestKeep is the best keep of the roll of v and its points, without
// allocating.
func bestKeep(v View) (farkle.Hand, int) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil {
		panic(err)
	}
	return handOf(p.Dice()), p.Points()
}

// Every method of the View reports the live game's values to a bot while
// it decides, and the game's values are those of its history.
func TestView(t *testing.T) {
	r := Rules{Target: 2000, FinalRound: true, MinFirstBank: 300, Penalty: 300, PenaltyAfter: 2, Scoring: farkle.ZilchScoring.Rules()}
	g, err := New(r, []string{"Ann", "Bob", "Cy"}, seededSource(4))
	if err != nil {
		t.Fatal(err)
	}
	var last View
	calls, finalCalls, midTurn := 0, 0, 0
	bot := BotFunc(func(v View) (farkle.Hand, bool) {
		calls++
		last = v
		if err := checkHistory(g); err != nil {
			t.Fatal(err)
		}
		n := g.View().NumPlayers()
		d := g.View().Roll()
		if d == nil || handOf(v.Roll()) != hand(d) || v.DiceLeft() != len(d) || v.DiceLeft() != g.View().DiceLeft() {
			t.Fatalf("View: roll %v with %d dice left, game: dice %v, %d left", v.Roll(), v.DiceLeft(), d, g.View().DiceLeft())
		}
		if v.TurnTotal() != g.View().TurnTotal() || v.Current() != g.View().Current() || v.Turn() != g.View().Turn() ||
			v.NumPlayers() != n || v.FinalRound() != g.View().FinalRound() || v.Rules() != g.View().Rules() || v.Scorer() != g.View().Scorer() {
			t.Fatalf("View: turn total %d, current %d, turn %d, %d players, final %v; game: %d, %d, %d, %d, %v",
				v.TurnTotal(), v.Current(), v.Turn(), v.NumPlayers(), v.FinalRound(),
				g.View().TurnTotal(), g.View().Current(), g.View().Turn(), n, g.View().FinalRound())
		}
		var players []Player
		for i := range n {
			players = append(players, v.Player(i))
		}
		if diff := cmpDiff(g.View().Players(), players); diff != "" {
			t.Fatalf("View players (-game +view):\n%s", diff)
		}
		if v.Player(-1) != (Player{}) || v.Player(n) != (Player{}) {
			t.Fatalf("View.Player out of range: %+v, %+v", v.Player(-1), v.Player(n))
		}
		if v.FinalRound() {
			finalCalls++
		}
		if v.TurnTotal() > 0 {
			midTurn++
		}
		keep, pts := bestKeep(v)
		return keep, v.TurnTotal()+pts >= 350
	})
	if err := g.Play(bot, bot, bot); err != nil {
		t.Fatal(err)
	}
	if calls == 0 || finalCalls == 0 || midTurn == 0 {
		t.Fatalf("the bot decided %d times, %d in the final round, %d in the middle of a turn", calls, finalCalls, midTurn)
	}
	// A View reads the game as it is now, not as it was.
	if last.Turn() != g.View().Turn() || last.TurnTotal() != 0 || handOf(last.Roll()) != (farkle.Hand{}) || last.FinalRound() ||
		last.Player(0) != g.View().Players()[0] {
		t.Errorf("a View kept after the game: turn %d, turn total %d, roll %v, final %v",
			last.Turn(), last.TurnTotal(), last.Roll(), last.FinalRound())
	}
	if g.View() != last {
		t.Error("two Views of one game differ")
	}
}

// A bot that plays for the scores: it banks as soon as it would lead.
func TestBotPlaysForTheLead(t *testing.T) {
	lead := BotFunc(func(v View) (farkle.Hand, bool) {
		keep, pts := bestKeep(v)
		me := v.Current()
		best := 0
		for i := range v.NumPlayers() {
			if i != me {
				best = max(best, v.Player(i).Score)
			}
		}
		return keep, v.Player(me).Score+v.TurnTotal()+pts > best
	})
	banks, rolls := 0, 0
	r := App.Rules()
	r.Target = 3000
	for seed := range uint64(5) {
		g := playSeeded(t, r, seed, ThresholdBot{BankAt: 400}, lead, ThresholdBot{BankAt: 700})
		if err := checkHistory(g); err != nil {
			t.Fatal(err)
		}
		// From the history: after each keep of the lead bot, it banked
		// exactly when its score and turn total beat the others' scores.
		evs := g.EventsSince(0)
		scores := make([]int, 3)
		for i, e := range evs {
			scores[e.Player] = e.Score
			if e.Kind != EventKept || e.Player != 1 {
				continue
			}
			j := i + 1
			for evs[j].Kind == EventHotDice {
				j++
			}
			leads := e.Score+e.TurnTotal > max(scores[0], scores[2])
			if banked := evs[j].Kind == EventBanked; banked != leads {
				t.Fatalf("seed %d, event %d: %v with scores %v: banked %v, leads %v", seed, i, e, scores, banked, leads)
			}
			if leads {
				banks++
			} else {
				rolls++
			}
		}
	}
	if banks == 0 || rolls == 0 {
		t.Fatalf("the lead bot banked %d times and rolled on %d times", banks, rolls)
	}
}

// PlayTurn keeps the rules for the bot: it rolls when the bot may not
// bank, stops on an illegal keep, and stops a bot that never banks.
func TestPlayTurnBotRules(t *testing.T) {
	greedy := BotFunc(func(v View) (farkle.Hand, bool) {
		keep, _ := bestKeep(v)
		return keep, true
	})
	g, err := New(Rules{MinBank: 1000, MustRollHotDice: true}, []string{"a", "b"}, rand.NewPCG(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		turn := g.View().Turn()
		if err := g.PlayTurn(greedy); err != nil {
			t.Fatal(err)
		}
		if g.View().Turn() != turn+1 || g.View().TurnTotal() != 0 || g.View().Roll() != nil {
			t.Fatalf("PlayTurn went from turn %d to %d, turn total %d, dice %v", turn, g.View().Turn(), g.View().TurnTotal(), g.View().Roll())
		}
		if err := checkInvariants(g); err != nil { // every bank is legal
			t.Fatal(err)
		}
	}
	// A bot with an illegal keep gets the error and the roll stays.
	for _, tc := range []struct {
		keep func(View) farkle.Hand
		want error
	}{
		{func(View) farkle.Hand { return farkle.Hand{} }, farkle.ErrNoDice},
		{func(v View) farkle.Hand { return handOf(v.Roll()) }, farkle.ErrNonScoring},
		{func(v View) farkle.Hand {
			k, _ := bestKeep(v)
			return hand(append(k.Dice(), k.Dice()...))
		}, farkle.ErrNotInRoll},
	} {
		// Dice rolled by hand, so that the whole roll does not score.
		g := newGame(t, App.Rules(), 1)
		run(t, g, script("r 155236"))
		before := snap(g)
		err := g.PlayTurn(BotFunc(func(v View) (farkle.Hand, bool) { return tc.keep(v), false }))
		if !errors.Is(err, tc.want) {
			t.Fatalf("PlayTurn = %v, want %v", err, tc.want)
		}
		if diff := cmpDiff(before, snap(g)); diff != "" {
			t.Fatalf("an illegal keep changed the game (-want +got):\n%s", diff)
		}
		// A good bot takes over from the same roll.
		g.SetSource(seededSource(1))
		if err := g.PlayTurn(greedy); err != nil {
			t.Fatal(err)
		}
		if err := checkHistory(g); err != nil {
			t.Fatal(err)
		}
	}
	// PlayTurn finishes a turn that a player began.
	g = newGame(t, App.Rules(), 2)
	run(t, g, script("r 155234", "k 1", "r 55234", "k 55"))
	g.SetSource(seededSource(2))
	if err := g.PlayTurn(ThresholdBot{BankAt: 300}); err != nil {
		t.Fatal(err)
	}
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
	if g.View().Turn() != 2 || g.EventsSince(4)[0].Kind != EventRolled {
		t.Fatalf("after PlayTurn: turn %d, events %v", g.View().Turn(), g.EventsSince(4))
	}
	// A bot that never banks, with dice that always score, is stopped.
	g, err = New(App.Rules(), []string{"a"}, constSource(0)) // always 1s
	if err != nil {
		t.Fatal(err)
	}
	never := BotFunc(func(v View) (farkle.Hand, bool) { return handOf(v.Roll()), false })
	if err := g.PlayTurn(never); !errors.Is(err, ErrTooLong) {
		t.Fatalf("PlayTurn(never) = %v, want ErrTooLong", err)
	}
	if err := g.Play(never, never); !errors.Is(err, ErrPlayers) {
		t.Fatalf("Play with 2 bots for 1 player = %v, want ErrPlayers", err)
	}
}

// cycleSource draws its values in turn, again and again.
type cycleSource struct {
	vals []uint64
	i    int
}

func (c *cycleSource) Uint64() uint64 {
	x := c.vals[c.i%len(c.vals)]
	c.i++
	return x
}

// Play stops a game that cannot end.
func TestPlayTooLong(t *testing.T) {
	// Every roll is 2 3 4 6 6 2, a farkle: nobody ever scores.
	src := &cycleSource{vals: []uint64{1, 2, 3, 5, 5, 1}}
	g, err := New(App.Rules(), []string{"a", "b"}, src)
	if err != nil {
		t.Fatal(err)
	}
	bots := thresholdBots(300, 300)
	if err := g.Play(bots...); !errors.Is(err, ErrTooLong) {
		t.Fatalf("Play = %v, want ErrTooLong", err)
	}
	if g.View().Over() || g.View().Turn() != maxGameTurns+1 {
		t.Errorf("after Play: over %v, turn %d, want turn %d", g.View().Over(), g.View().Turn(), maxGameTurns+1)
	}
}

// countingBot is a bot with a pointer receiver.
type countingBot struct{ n int }

func (c *countingBot) Decide(v View) (farkle.Hand, bool) {
	c.n++
	keep, _ := bestKeep(v)
	return keep, true
}

// A nil bot, typed or not, gives an error, not a panic, and changes
// nothing.
func TestNilBots(t *testing.T) {
	nils := map[string]Bot{
		"nil":                  nil,
		"BotFunc(nil)":         BotFunc(nil),
		"(*ThresholdBot)(nil)": (*ThresholdBot)(nil),
		"(*countingBot)(nil)":  (*countingBot)(nil),
	}
	for name, b := range nils {
		g, err := New(App.Rules(), []string{"a", "b"}, seededSource(1))
		if err != nil {
			t.Fatal(err)
		}
		before := snap(g)
		err = g.PlayTurn(b)
		var pe *PlayersError
		if !errors.Is(err, ErrPlayers) || !errors.As(err, &pe) || pe.Player != 0 {
			t.Errorf("PlayTurn(%s) = %v, want a *PlayersError for player 0", name, err)
		}
		if diff := cmpDiff(before, snap(g)); diff != "" {
			t.Errorf("PlayTurn(%s) changed the game (-want +got):\n%s", name, diff)
		}
		err = g.Play(ThresholdBot{BankAt: 300}, b)
		if !errors.Is(err, ErrPlayers) || !errors.As(err, &pe) || pe.Player != 1 {
			t.Errorf("Play(bot, %s) = %v, want a *PlayersError for player 1", name, err)
		}
	}
}

func TestThresholdBot(t *testing.T) {
	g := newGame(t, App.Rules(), 1)
	run(t, g, script("r 155234", "k 155", "r 111")) // turn total 200; best keep 1 1 1
	for _, tc := range []struct {
		bankAt int
		bank   bool
	}{{0, true}, {1200, true}, {1201, false}} {
		keep, bank := ThresholdBot{BankAt: tc.bankAt}.Decide(g.View())
		if keep != hand("111") || bank != tc.bank {
			t.Errorf("BankAt %d: Decide = %v, %v; want 1 1 1, %v", tc.bankAt, keep, bank, tc.bank)
		}
	}
	// The bot keeps by the game's scoring: six dice with nothing are a
	// keep under Zilch.
	g = newGame(t, Zilch.Rules(), 1)
	run(t, g, script("r 234662"))
	if keep, bank := (ThresholdBot{BankAt: 500}).Decide(g.View()); keep != hand("234662") || !bank {
		t.Errorf("Zilch: Decide = %v, %v; want all six dice and a bank", keep, bank)
	}
	// With no roll to keep from, it keeps nothing.
	g = newGame(t, App.Rules(), 1)
	if keep, bank := (ThresholdBot{}).Decide(g.View()); keep != (farkle.Hand{}) || bank {
		t.Errorf("no roll: Decide = %v, %v", keep, bank)
	}
}

// PlayTurn makes no allocation per decision: with room for the events
// made beforehand, a whole turn of many decisions allocates nothing, with
// ThresholdBot, a pointer bot and a BotFunc that reads the whole View.
func TestPlayTurnAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	decisions := 0
	reader := BotFunc(func(v View) (farkle.Hand, bool) {
		decisions++
		best := 0
		for i := range v.NumPlayers() {
			best = max(best, v.Player(i).Score)
		}
		r := v.Rules()
		keep, pts := bestKeep(v)
		return keep, v.TurnTotal()+pts >= 1500 || v.FinalRound() || v.Turn() < 0 || best < r.MinBank || v.DiceLeft() == 0
	})
	for name, bot := range map[string]Bot{"ThresholdBot": ThresholdBot{BankAt: 1500}, "*countingBot": &countingBot{}, "BotFunc": reader} {
		g, err := New(Rules{Target: maxTarget}, []string{"a", "b"}, seededSource(9))
		if err != nil {
			t.Fatal(err)
		}
		const runs = 300
		g.events = make([]Event, 0, 100*runs)
		allocs := testing.AllocsPerRun(runs, func() {
			if err := g.PlayTurn(bot); err != nil {
				panic(err)
			}
		})
		if g.NumEvents() > cap(g.events) {
			t.Fatalf("%s: %d events outgrew the room made for them", name, g.NumEvents())
		}
		if allocs != 0 {
			t.Errorf("%s: %v allocations per turn, want 0", name, allocs)
		}
		if err := checkHistory(g); err != nil {
			t.Fatal(err)
		}
	}
	if decisions < 2*300 {
		t.Fatalf("%d decisions in 300 turns: too few to tell", decisions)
	}
}

// A whole game allocates for New and for the growth of its history, not
// per decision.
func TestWholeGameAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	names := []string{"a", "b"}
	src := rand.NewPCG(1, 2)
	c := &countingBot{}
	n := 0
	bots := []Bot{BotFunc(func(v View) (farkle.Hand, bool) { n++; return ThresholdBot{BankAt: 300}.Decide(v) }), c}
	var g *Game
	play := func() {
		src.Seed(1, 2)
		var err error
		if g, err = New(App.Rules(), names, src); err != nil {
			panic(err)
		}
		if err := g.Play(bots...); err != nil {
			panic(err)
		}
	}
	allocs := testing.AllocsPerRun(10, play)
	c.n, n = 0, 0
	play()
	newAllocs := testing.AllocsPerRun(10, func() {
		if _, err := New(App.Rules(), names, src); err != nil {
			panic(err)
		}
	})
	// The growths of a slice of Events to the length of the history.
	var s []Event
	growths := 0
	for range g.NumEvents() {
		if len(s) == cap(s) {
			growths++
		}
		s = append(s, Event{})
	}
	// One allocation in any decision would go past the limit.
	limit := newAllocs + float64(growths)
	t.Logf("%v allocations: New %v, %d growths for %d events; %d decisions", allocs, newAllocs, growths, g.NumEvents(), n+c.n)
	if allocs > limit {
		t.Errorf("a whole game made %v allocations, want at most %v", allocs, limit)
	}
	if n == 0 || c.n == 0 {
		t.Fatalf("the bots decided %d and %d times", n, c.n)
	}
}
