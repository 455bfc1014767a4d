package game

// The checks that every test runs on the games it plays: a snapshot of
// everything observable, to see that a failed action changed nothing, and
// a model of the rules that reads a game's history on its own and checks
// every event and every view against it.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
)

// snapshot is everything observable about a game, to check that an
// illegal action changed nothing.
type snapshot struct {
	JSON      string
	Rules     Rules
	Source    bool
	Current   int
	Turn      int
	Dice      []farkle.Die
	TurnTotal int
	DiceLeft  int
	Hot       bool
	Final     bool
	Over      bool
	Winner    int
	Players   []Player
	Events    []Event
	NEvents   int
}

func snap(g *Game) snapshot {
	s := snapLite(g)
	b, err := json.Marshal(g)
	if err != nil {
		b = []byte("error: " + err.Error())
	}
	s.JSON = string(b)
	s.Events = g.EventsSince(0)
	return s
}

// snapLite is snap without the JSON and the history, but its length: it
// takes time independent of the length of the game.
func snapLite(g *Game) snapshot {
	w, _ := g.View().Winner()
	return snapshot{
		Rules: g.View().Rules(), Source: g.HasSource(), NEvents: g.NumEvents(), Current: g.View().Current(), Turn: g.View().Turn(),
		Dice: g.View().Roll(), TurnTotal: g.View().TurnTotal(), DiceLeft: g.View().DiceLeft(), Hot: g.View().HotDice(), Final: g.View().FinalRound(),
		Over: g.View().Over(), Winner: w, Players: g.View().Players(),
	}
}

// sameLite reports whether two snapLite snapshots are equal, cheaply.
func sameLite(a, b snapshot) bool {
	return a.Rules == b.Rules && a.Source == b.Source && a.NEvents == b.NEvents && a.Current == b.Current &&
		a.Turn == b.Turn && slices.Equal(a.Dice, b.Dice) && a.TurnTotal == b.TurnTotal && a.DiceLeft == b.DiceLeft &&
		a.Hot == b.Hot && a.Final == b.Final && a.Over == b.Over && a.Winner == b.Winner &&
		slices.Equal(a.Players, b.Players)
}

// sameSnap reports whether two snapshots are equal, faster than go-cmp:
// diff them only when they differ.
func sameSnap(a, b snapshot) bool {
	return sameLite(a, b) && a.JSON == b.JSON && slices.Equal(a.Events, b.Events)
}

// run plays steps on g, checking each error, that a failed action changed
// nothing, and the invariants after every step.
func run(t *testing.T, g *Game, steps []step) {
	t.Helper()
	for i, s := range steps {
		before := snap(g)
		err := s.do(g)
		if s.want == nil && err != nil || s.want != nil && !errors.Is(err, s.want) {
			t.Fatalf("step %d %q: error %v, want %v", i, s.act, err, s.want)
		}
		if err != nil {
			var ae *ActionError
			if !errors.As(err, &ae) {
				t.Fatalf("step %d %q: error %T is not an *ActionError", i, s.act, err)
			}
			if after := snap(g); !sameSnap(before, after) {
				t.Fatalf("step %d %q: failed action changed the game (-want +got):\n%s", i, s.act, cmpDiff(before, after))
			}
		}
		if err := checkInvariants(g); err != nil {
			t.Fatalf("step %d %q: %v", i, s.act, err)
		}
	}
}

// checkInvariants checks what must hold of any game, from its history
// and views, independently of how the engine computes them, and that the
// JSON round trip gives the same game.
func checkInvariants(g *Game) error {
	if err := checkHistory(g); err != nil {
		return err
	}
	return checkRoundTrip(g)
}

// model is the state of a game as the rules make it from a history.
type model struct {
	r       Rules
	sc      *farkle.Scorer
	n       int
	score   []int
	onBoard []bool
	farkles []int

	cur, turn int
	turnSum   int
	left      int         // dice to roll
	rolled    bool        // the turn has a roll that scored
	hot       bool        // the last keep set aside the last dice
	table     farkle.Hand // the dice that wait for a keep
	onTable   bool
	trigger   int       // who reached the target with a final round, or -1
	need      EventKind // the event that must come next, or 0 for an action
	over      bool
	winner    int
	sixOnes   bool // the game was won by six 1s
	giftTo    int  // the player that an overshot bank goes to (need EventWelfare)
	gift      int  // its points

	// The offer of the last bank under Piggyback (offerDice 0: none), and
	// the one of a bank that starts the final round, made after it.
	offerTotal, offerDice     int
	pendingTotal, pendingDice int
}

func newModel(g *Game) *model {
	n := g.View().NumPlayers()
	return &model{
		r: g.View().Rules(), sc: g.View().Scorer(), n: n, score: make([]int, n), onBoard: make([]bool, n), farkles: make([]int, n),
		turn: 1, left: farkle.MaxDice, trigger: -1, winner: -1,
	}
}

// clearTurn clears the state of the turn.
func (m *model) clearTurn() {
	m.turnSum, m.left, m.rolled, m.hot, m.onTable, m.table = 0, farkle.MaxDice, false, false, false, farkle.Hand{}
	m.offerTotal, m.offerDice = 0, 0
}

// endTurn passes the dice to the next player, or ends the final round.
func (m *model) endTurn() {
	m.clearTurn()
	next := (m.cur + 1) % m.n
	if next == m.trigger {
		// The highest score wins; a tie goes to the first in the order of
		// play from the player who reached the target.
		m.winner = m.trigger
		for k := 1; k < m.n; k++ {
			if i := (m.trigger + k) % m.n; m.score[i] > m.score[m.winner] {
				m.winner = i
			}
		}
		m.need = EventWon
		return
	}
	m.cur, m.turn = next, m.turn+1
}

// apply plays event e of the history on m, or reports how it breaks the
// rules.
func (m *model) apply(e Event) error {
	switch {
	case m.over:
		return fmt.Errorf("%v after the game was won", e)
	case e.Player < 0 || e.Player >= m.n:
		return fmt.Errorf("player %d of %d", e.Player, m.n)
	case m.need != 0 && e.Kind != m.need:
		return fmt.Errorf("%v, want a %v event", e, m.need)
	case m.need == 0 && e.Kind != EventRolled && e.Kind != EventKept && e.Kind != EventBanked && e.Kind != EventOvershot && e.Kind != EventPiggybacked:
		return fmt.Errorf("%v with no action before it", e)
	case e.Kind == EventWelfare && e.Player != m.giftTo:
		return fmt.Errorf("%v, the gift goes to player %d", e, m.giftTo)
	case e.Kind != EventWon && e.Kind != EventWelfare && e.Player != m.cur:
		return fmt.Errorf("%v in the turn of player %d", e, m.cur)
	case (e.Kind == EventRolled || e.Kind == EventKept) != (e.Dice != (farkle.Hand{})):
		return fmt.Errorf("%v: dice %v", e, e.Dice)
	}
	m.need = 0
	p := e.Player
	switch e.Kind {
	case EventRolled:
		if m.onTable || e.Dice.Len() != m.left {
			return fmt.Errorf("rolled %d dice with %d to roll (dice waiting: %v)", e.Dice.Len(), m.left, m.onTable)
		}
		f, err := m.sc.IsFarkle(e.Dice.Dice())
		if err != nil {
			return err
		}
		m.hot = false
		m.offerTotal, m.offerDice = 0, 0 // rolling afresh drops the offer
		switch {
		case m.r.SixOnesWin && e.Dice.Count(1) == farkle.MaxDice:
			m.need = EventSixOnes
		case m.r.ToxicTwos && e.Dice.Count(2) >= 4:
			m.need = EventToxicTwos
		case f:
			m.need = EventFarkled
		default:
			m.rolled, m.onTable, m.table = true, true, e.Dice
		}
	case EventKept:
		if !m.onTable {
			return errors.New("kept with no dice on the table")
		}
		for d := farkle.Die(1); d <= 6; d++ {
			if e.Dice.Count(d) > m.table.Count(d) {
				return fmt.Errorf("kept %v from %v", e.Dice, m.table)
			}
		}
		pts, err := m.sc.Score(e.Dice.Dice())
		if err != nil || pts != e.Points || pts <= 0 {
			return fmt.Errorf("kept %v for %d points: scorer gives %d, %v", e.Dice, e.Points, pts, err)
		}
		m.turnSum += pts
		m.left -= e.Dice.Len()
		m.onTable, m.table = false, farkle.Hand{}
		if m.left == 0 {
			m.need = EventHotDice
		}
	case EventHotDice:
		m.left, m.hot = farkle.MaxDice, true
	case EventToxicTwos:
		m.need = EventFarkled
	case EventSixOnes:
		m.clearTurn()
		m.winner, m.need, m.sixOnes = p, EventWon, true
	case EventBanked, EventOvershot:
		need := m.r.MinBank
		if !m.onBoard[p] {
			need = max(need, m.r.MinFirstBank)
		}
		switch {
		case m.onTable || !m.rolled:
			return fmt.Errorf("banked with dice waiting (%v) or before a roll (rolled %v)", m.onTable, m.rolled)
		case e.Points != m.turnSum:
			return fmt.Errorf("banked %d, the keeps of the turn sum to %d", e.Points, m.turnSum)
		case m.turnSum < need:
			return fmt.Errorf("banked %d under the minimum %d", m.turnSum, need)
		case m.hot && m.r.MustRollHotDice:
			return errors.New("banked hot dice that must be rolled")
		case (e.Kind == EventOvershot) != (m.r.Welfare && m.score[p]+m.turnSum > targetOf(m.r)):
			return fmt.Errorf("%v with score %d, turn %d, target %d, welfare %v", e, m.score[p], m.turnSum, targetOf(m.r), m.r.Welfare)
		}
		if e.Kind == EventOvershot {
			// The points go to the lowest other score, the first after
			// the banker on a tie, unless it would pass the target.
			m.onBoard[p], m.farkles[p], m.turnSum = true, 0, 0
			to := -1
			for k := 1; k < m.n; k++ {
				if i := (p + k) % m.n; to < 0 || m.score[i] < m.score[to] {
					to = i
				}
			}
			if to >= 0 && m.score[to]+e.Points <= targetOf(m.r) {
				m.giftTo, m.gift, m.need = to, e.Points, EventWelfare
			} else {
				m.endTurn()
			}
			break
		}
		m.score[p] += m.turnSum
		// Under Piggyback the next player may take over a bank that left
		// 1 to 5 dice and did not end the game.
		offerTotal, offerDice := m.turnSum, 0
		if m.r.Piggyback && m.n > 1 && m.left < farkle.MaxDice {
			offerDice = m.left
		}
		m.onBoard[p], m.farkles[p], m.turnSum = true, 0, 0
		switch {
		case m.trigger >= 0 || m.score[p] < targetOf(m.r):
			m.endTurn()
			m.offerTotal, m.offerDice = offerTotal, offerDice
		case m.r.FinalRound && m.n > 1:
			m.trigger, m.need = p, EventFinalRound
			m.pendingTotal, m.pendingDice = offerTotal, offerDice
		default: // the first to the target wins at once
			m.clearTurn()
			m.winner, m.need = p, EventWon
		}
	case EventFarkled:
		if e.Points != m.turnSum {
			return fmt.Errorf("farkle lost %d, the keeps of the turn sum to %d", e.Points, m.turnSum)
		}
		m.farkles[p]++
		m.turnSum = 0
		switch {
		case m.r.Penalty > 0 && m.farkles[p] >= m.r.PenaltyAfter:
			m.need = EventPenalty
		case m.r.Bankrupt && m.farkles[p] >= m.r.PenaltyAfter:
			m.need = EventBankrupt
		default:
			m.endTurn()
		}
	case EventBankrupt:
		if e.Points != m.score[p] {
			return fmt.Errorf("bankrupt lost %d, the score was %d", e.Points, m.score[p])
		}
		m.score[p], m.farkles[p] = 0, 0
		m.endTurn()
	case EventWelfare:
		if e.Points != m.gift {
			return fmt.Errorf("welfare gave %d, the overshot bank was %d", e.Points, m.gift)
		}
		m.score[p] += m.gift
		if m.score[p] == targetOf(m.r) {
			m.clearTurn()
			m.winner, m.need = p, EventWon
		} else {
			m.endTurn()
		}
	case EventPenalty:
		if e.Points != m.r.Penalty {
			return fmt.Errorf("penalty of %d, the rules say %d", e.Points, m.r.Penalty)
		}
		m.score[p] -= m.r.Penalty
		m.farkles[p] = 0
		m.endTurn()
	case EventFinalRound:
		m.endTurn()
		m.offerTotal, m.offerDice = m.pendingTotal, m.pendingDice
	case EventPiggybacked:
		switch {
		case m.offerDice == 0 || m.rolled || m.onTable:
			return fmt.Errorf("%v with no offer (rolled %v)", e, m.rolled)
		case e.Points != m.offerTotal+m.r.PiggybackBonus:
			return fmt.Errorf("took over %d, the last bank was %d and the bonus %d", e.Points, m.offerTotal, m.r.PiggybackBonus)
		}
		m.turnSum, m.left = e.Points, m.offerDice
		m.offerTotal, m.offerDice = 0, 0
	case EventWon:
		if p != m.winner {
			return fmt.Errorf("player %d won, the rules give player %d", p, m.winner)
		}
		m.over = true
	}
	// Points belong to keeps, banks, farkles and penalties only.
	switch e.Kind {
	case EventRolled, EventHotDice, EventFinalRound, EventWon, EventToxicTwos, EventSixOnes:
		if e.Points != 0 {
			return fmt.Errorf("%v has points", e)
		}
	}
	// The turn total is 0 from the event that ends a turn on.
	if e.TurnTotal != m.turnSum || e.Score != m.score[p] || e.Farkles != m.farkles[p] {
		return fmt.Errorf("%+v: want turn total %d, score %d, farkles %d", e, m.turnSum, m.score[p], m.farkles[p])
	}
	return nil
}

// checkHistory is checkInvariants without the JSON round trip: it plays
// the history on a model of the rules and checks every event's fields
// and the game's views against the model, in time linear in the length
// of the history.
func checkHistory(g *Game) error {
	evs := g.EventsSince(0)
	if len(evs) != g.NumEvents() {
		return fmt.Errorf("%d events, NumEvents %d", len(evs), g.NumEvents())
	}
	m := newModel(g)
	for i, e := range evs {
		if err := m.apply(e); err != nil {
			return fmt.Errorf("event %d: %v", i, err)
		}
	}
	if m.need != 0 {
		return fmt.Errorf("history ends waiting for a %v event", m.need)
	}
	for i, p := range g.View().Players() {
		if p.Score != m.score[i] || p.Farkles != m.farkles[i] || p.OnBoard != m.onBoard[i] {
			return fmt.Errorf("player %d: %+v, history gives score %d, farkles %d, on board %v",
				i, p, m.score[i], m.farkles[i], m.onBoard[i])
		}
		if (m.r.Penalty > 0 || m.r.Bankrupt) && p.Farkles >= m.r.PenaltyAfter {
			return fmt.Errorf("player %d: %d farkles in a row and no penalty", i, p.Farkles)
		}
		if m.r.Welfare && p.Score > targetOf(m.r) {
			return fmt.Errorf("player %d: score %d past the target %d under welfare", i, p.Score, targetOf(m.r))
		}
	}
	if diff := cmpDiff(m.score, g.View().Scores()); diff != "" {
		return fmt.Errorf("scores (-history +game):\n%s", diff)
	}
	w, over := g.View().Winner()
	switch {
	case over != m.over || g.View().Over() != m.over:
		return fmt.Errorf("over %v (Winner ok %v), history gives %v", g.View().Over(), over, m.over)
	case over && w != m.winner:
		return fmt.Errorf("winner %d, history gives %d", w, m.winner)
	case over && !m.sixOnes && slices.Max(m.score) != m.score[w]:
		return fmt.Errorf("winner %d has %d, top score %d", w, m.score[w], slices.Max(m.score))
	case !over && w != -1:
		return fmt.Errorf("winner %d before the end", w)
	}
	// Once the game is over, the current player is the one who played
	// the last turn: the model does not pass the dice after it.
	d := g.View().Roll()
	switch {
	case g.View().Current() != m.cur || g.View().Turn() != m.turn:
		return fmt.Errorf("current %d turn %d, history gives %d and %d", g.View().Current(), g.View().Turn(), m.cur, m.turn)
	case g.View().TurnTotal() != m.turnSum:
		return fmt.Errorf("turn total %d, keeps since the turn began sum to %d", g.View().TurnTotal(), m.turnSum)
	case g.View().DiceLeft() != m.left:
		return fmt.Errorf("dice left %d, history gives %d", g.View().DiceLeft(), m.left)
	case g.View().HotDice() != m.hot:
		return fmt.Errorf("hot dice %v, history gives %v", g.View().HotDice(), m.hot)
	case g.View().FinalRound() != (m.trigger >= 0 && !m.over):
		return fmt.Errorf("final round %v, history gives trigger %d, over %v", g.View().FinalRound(), m.trigger, m.over)
	case (d != nil) != m.onTable || d != nil && hand(d) != m.table:
		return fmt.Errorf("dice on the table %v, history gives %v (%v)", d, m.table, m.onTable)
	case handOf(g.View().Roll()) != m.table:
		return fmt.Errorf("View().Roll() %v, history gives %v", g.View().Roll(), m.table)
	}
	wantTotal, wantDice, wantOK := 0, 0, false
	if m.offerDice > 0 && !m.over {
		wantTotal, wantDice, wantOK = m.offerTotal+m.r.PiggybackBonus, m.offerDice, true
	}
	if total, dice, ok := g.View().Offer(); total != wantTotal || dice != wantDice || ok != wantOK {
		return fmt.Errorf("Offer() = %d, %d, %v; history gives %d, %d, %v", total, dice, ok, wantTotal, wantDice, wantOK)
	}
	return nil
}

// checkRoundTrip checks that the JSON round trip gives an equal game.
func checkRoundTrip(g *Game) error {
	b, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("marshal: %v", err)
	}
	var h Game
	if err := json.Unmarshal(b, &h); err != nil {
		return fmt.Errorf("unmarshal: %v\n%s", err, b)
	}
	b2, err := json.Marshal(&h)
	if err != nil {
		return fmt.Errorf("marshal again: %v", err)
	}
	if !bytes.Equal(b, b2) {
		return fmt.Errorf("JSON round trip differs:\n%s\n%s", b, b2)
	}
	// Equal JSON means equal rules, names, history and source: the views
	// must be equal too, but for the order of the dice on the table, which
	// the history keeps as a multiset.
	want, got := snapLite(g), snapLite(&h)
	if hand(want.Dice) != hand(got.Dice) {
		return fmt.Errorf("JSON round trip: dice on the table %v, loaded %v", want.Dice, got.Dice)
	}
	want.Dice, got.Dice = nil, nil
	switch g.src.(type) {
	case *rand.PCG, *rand.ChaCha8:
	default:
		want.Source = false // not saved
	}
	if !sameLite(want, got) {
		return fmt.Errorf("JSON round trip views differ (-want +got):\n%s", cmpDiff(want, got))
	}
	return nil
}

// checkStep checks, in constant time, what must hold after a legal
// action, which took the game from the state before.
func checkStep(g *Game, before snapshot) error {
	n := g.View().NumPlayers()
	w, over := g.View().Winner()
	d := g.View().Roll()
	switch {
	case g.NumEvents() <= before.NEvents:
		return fmt.Errorf("a legal action added no event: %d, then %d", before.NEvents, g.NumEvents())
	case g.View().Current() < 0 || g.View().Current() >= n:
		return fmt.Errorf("current player %d of %d", g.View().Current(), n)
	case g.View().Turn() < before.Turn:
		return fmt.Errorf("turn %d after turn %d", g.View().Turn(), before.Turn)
	case g.View().TurnTotal() < 0:
		return fmt.Errorf("turn total %d", g.View().TurnTotal())
	case g.View().DiceLeft() < 1 || g.View().DiceLeft() > farkle.MaxDice:
		return fmt.Errorf("%d dice left", g.View().DiceLeft())
	case d != nil && len(d) != g.View().DiceLeft():
		return fmt.Errorf("%d dice on the table, %d left", len(d), g.View().DiceLeft())
	case over != g.View().Over() || over != (w >= 0 && w < n):
		return fmt.Errorf("over %v, winner %d (%v)", g.View().Over(), w, over)
	case over && (d != nil || g.View().TurnTotal() != 0 || g.View().FinalRound()):
		return fmt.Errorf("game over with dice %v, turn total %d, final round %v", d, g.View().TurnTotal(), g.View().FinalRound())
	case before.Over:
		return errors.New("a legal action after the end")
	case g.View().HotDice() && (d != nil || g.View().DiceLeft() != farkle.MaxDice):
		return fmt.Errorf("hot dice with dice %v and %d left", d, g.View().DiceLeft())
	}
	last := g.EventsSince(g.NumEvents() - 1)
	if len(last) != 1 {
		return fmt.Errorf("EventsSince(NumEvents()-1) gave %d events", len(last))
	}
	if e := last[0]; e.Kind == EventWon != over {
		return fmt.Errorf("last event %v, over %v", e, over)
	}
	return nil
}
