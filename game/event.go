package game

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/farkle-go/farkle"
)

// An EventKind is what happened in an [Event].
type EventKind uint8

// The kinds of event. EventRolled, EventKept and EventBanked are the
// actions of the players; the others follow from them.
const (
	EventRolled     EventKind = iota + 1 // the player rolled Dice
	EventKept                            // the player set aside Dice for Points
	EventHotDice                         // all dice are set aside: six dice to roll again
	EventBanked                          // the player banked Points
	EventFarkled                         // the roll scored nothing: the turn lost Points
	EventPenalty                         // the player lost Points for farkles in a row
	EventFinalRound                      // the player reached the target: the others have a last turn
	EventWon                             // the game is over and the player won

	// The events of the house rules of play (see [Rules]).

	EventToxicTwos   // the roll has four or more 2s: the turn ends as a farkle (ToxicTwos)
	EventSixOnes     // the roll is six 1s: the player wins at once (SixOnesWin)
	EventBankrupt    // the player lost their whole score, Points, for farkles in a row (Bankrupt)
	EventOvershot    // the bank of Points would pass the target: it scores nothing (Welfare)
	EventWelfare     // the player, not the banker, was given the Points of an overshot bank (Welfare)
	EventPiggybacked // the player took over the last bank's turn total (Points, the bonus included) and dice (Piggyback)
)

var kindNames = [...]string{
	EventRolled: "rolled", EventKept: "kept", EventHotDice: "hot-dice", EventBanked: "banked",
	EventFarkled: "farkled", EventPenalty: "penalty", EventFinalRound: "final-round", EventWon: "won",
	EventToxicTwos: "toxic-twos", EventSixOnes: "six-ones", EventBankrupt: "bankrupt",
	EventOvershot: "overshot", EventWelfare: "welfare", EventPiggybacked: "piggybacked",
}

// String returns the name of k, such as "hot-dice".
func (k EventKind) String() string {
	if k == 0 || int(k) >= len(kindNames) {
		return "EventKind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// MarshalText returns the name of k, such as "rolled".
func (k EventKind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) >= len(kindNames) {
		return nil, fmt.Errorf("cannot marshal %v", k)
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText sets k from its name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if i > 0 && n == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown event kind %q", b)
}

// An Event is one step of the history of a game, as [Game.EventsSince]
// returns it. Events are comparable values. A turn ends with EventBanked
// or EventFarkled (then maybe EventPenalty); EventFinalRound follows the
// bank that reaches the target, and EventWon, last, names the winner.
// Under the house rules of [Rules] a toxic roll is EventRolled,
// EventToxicTwos and then EventFarkled; a farkle may cost EventBankrupt
// instead of EventPenalty; a bank past the target is EventOvershot
// instead of EventBanked, maybe followed by EventWelfare, the one event
// of a player other than the current one before EventWon; six 1s are
// EventRolled, EventSixOnes and EventWon; and a turn that takes over the
// last bank starts with EventPiggybacked.
type Event struct {
	Kind   EventKind
	Player int // the player who acted, or who won, from 0

	// Dice are the dice rolled (EventRolled) or set aside (EventKept);
	// the zero Hand for the other kinds.
	Dice farkle.Hand

	// Points are the points of the keep (EventKept), banked (EventBanked),
	// lost with the turn (EventFarkled), lost to the penalty
	// (EventPenalty) or to bankruptcy (EventBankrupt), that a bank would
	// have scored past the target (EventOvershot), given to the player
	// (EventWelfare) or taken over with the bonus (EventPiggybacked); 0
	// otherwise.
	Points int

	// TurnTotal is the player's turn total after the event: 0 once the
	// turn is banked or lost.
	TurnTotal int

	// Score is the player's banked score after the event.
	Score int

	// Farkles is the player's farkles in a row after the event: for
	// EventFarkled, this one included; 0 after a bank or a penalty.
	Farkles int
}

// String describes e in English, such as "player 0 kept 1 1 1 for 1000
// (turn 1000)".
func (e Event) String() string { return e.describe("player " + strconv.Itoa(e.Player)) }

// Describe is [Event.String] with the player's name.
func (g *Game) Describe(e Event) string {
	if g == nil || e.Player < 0 || e.Player >= len(g.players) {
		return e.String()
	}
	return e.describe(g.players[e.Player].Name)
}

func (e Event) describe(who string) string {
	switch e.Kind {
	case EventRolled:
		return fmt.Sprintf("%s rolled %s", who, e.Dice)
	case EventKept:
		return fmt.Sprintf("%s kept %s for %d (turn %d)", who, e.Dice, e.Points, e.TurnTotal)
	case EventHotDice:
		return fmt.Sprintf("hot dice for %s: six dice to roll (turn %d)", who, e.TurnTotal)
	case EventBanked:
		return fmt.Sprintf("%s banked %d (score %d)", who, e.Points, e.Score)
	case EventFarkled:
		return fmt.Sprintf("%s farkled and lost %d (farkles in a row: %d)", who, e.Points, e.Farkles)
	case EventPenalty:
		return fmt.Sprintf("%s paid a penalty of %d (score %d)", who, e.Points, e.Score)
	case EventFinalRound:
		return fmt.Sprintf("%s reached %d: final round", who, e.Score)
	case EventWon:
		return fmt.Sprintf("%s won with %d", who, e.Score)
	case EventToxicTwos:
		return fmt.Sprintf("%s rolled four or more 2s: toxic twos end the turn", who)
	case EventSixOnes:
		return fmt.Sprintf("%s rolled six 1s and wins at once", who)
	case EventBankrupt:
		return fmt.Sprintf("%s went bankrupt and lost %d (score %d)", who, e.Points, e.Score)
	case EventOvershot:
		return fmt.Sprintf("%s banked %d past the target: it scores nothing (score %d)", who, e.Points, e.Score)
	case EventWelfare:
		return fmt.Sprintf("%s was given %d by welfare (score %d)", who, e.Points, e.Score)
	case EventPiggybacked:
		return fmt.Sprintf("%s took over the turn total of the last bank: %d (piggyback)", who, e.Points)
	}
	return fmt.Sprintf("%s: %v", who, e.Kind)
}

// eventJSON is the JSON form of an Event; the dice are numbers. The keys
// are part of the save format and never change.
type eventJSON struct {
	Kind      EventKind `json:"kind"`
	Player    int       `json:"player"`
	Dice      []int     `json:"dice,omitempty"`
	Points    int       `json:"points,omitempty"`
	TurnTotal int       `json:"turn_total,omitempty"`
	Score     int       `json:"score"`
	Farkles   int       `json:"farkles,omitempty"`
}

// MarshalJSON encodes e as an object such as
// {"kind":"kept","player":0,"dice":[1,5],"points":150,"turn_total":150,"score":0},
// leaving out dice, points, turn_total and farkles when they are empty or 0.
func (e Event) MarshalJSON() ([]byte, error) { return json.Marshal(e.toJSON()) }

func (e Event) toJSON() eventJSON {
	j := eventJSON{Kind: e.Kind, Player: e.Player, Points: e.Points, TurnTotal: e.TurnTotal, Score: e.Score, Farkles: e.Farkles}
	for d := range e.Dice.All() {
		j.Dice = append(j.Dice, int(d))
	}
	return j
}

// UnmarshalJSON decodes the form of [Event.MarshalJSON], with the keys
// spelled exactly so and nothing after the object. It checks only the
// form: [Replay] checks that the events make a game.
func (e *Event) UnmarshalJSON(b []byte) error {
	d := &decoder{data: b, max: int64(len(b)) + 1}
	out, err := d.event()
	if err == nil {
		var c byte
		if c, err = d.peek(); err == nil && c != 0 {
			err = d.fail("data after the event")
		}
	}
	if err != nil {
		return &SaveError{Offset: d.offset(), Err: err}
	}
	*e = out
	return nil
}

// Replay rebuilds a game from its rules, player names and history: it
// plays the EventRolled, EventKept, EventBanked (or EventOvershot) and
// EventPiggybacked events again (as RollDice, Keep, Bank and Piggyback)
// and checks that every event is the one the game produces. It
// fails with a [*HistoryError] at the first event that does not follow,
// and with the errors of [New]. The game has no dice source: set one with
// [Game.SetSource] to go on with Roll, or use RollDice.
func Replay(r Rules, names []string, events []Event) (*Game, error) {
	g, err := New(r, names, nil)
	if err != nil {
		return nil, err
	}
	rp := replayer{g: g}
	for _, e := range events {
		if err := rp.add(e); err != nil {
			return nil, err
		}
	}
	if err := rp.end(); err != nil {
		return nil, err
	}
	return g, nil
}

// A replayer plays a history into a game one event at a time, so that a
// loader can check each event as soon as it reads it.
type replayer struct {
	g *Game
	n int // events of the history seen
}

// add checks the next event e of the history: an event that the game
// produced already must equal it; otherwise e must be an action (rolled,
// kept, banked) that the game accepts and records as e.
func (p *replayer) add(e Event) error {
	g, i := p.g, p.n
	p.n++
	if i < len(g.events) {
		if g.events[i] != e {
			return &HistoryError{Index: i, Err: fmt.Errorf("event %q, want %q", e, g.events[i])}
		}
		return nil
	}
	var buf [farkle.MaxDice]farkle.Die
	var err error
	switch e.Kind {
	case EventRolled:
		err = g.RollDice(e.Dice.AppendDice(buf[:0]))
	case EventKept:
		err = g.keepHand(e.Dice)
	case EventBanked, EventOvershot: // a bank, past the target under Welfare
		err = g.Bank()
	case EventPiggybacked:
		err = g.Piggyback()
	default:
		err = fmt.Errorf("%v event that no action produced", e.Kind)
	}
	if err != nil {
		return &HistoryError{Index: i, Err: err}
	}
	if g.events[i] != e {
		return &HistoryError{Index: i, Err: fmt.Errorf("event %q, want %q", e, g.events[i])}
	}
	return nil
}

// end checks that the history has every event that the game produced.
func (p *replayer) end() error {
	if p.n < len(p.g.events) {
		return &HistoryError{Index: p.n, Err: fmt.Errorf("missing event %q", p.g.events[p.n])}
	}
	return nil
}
