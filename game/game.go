package game

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/farkle-go/farkle"
)

// MaxPlayers is the largest number of players of a game.
const MaxPlayers = 8

// MaxNameLen is the longest player name, in bytes.
const MaxNameLen = 64

// A Player is the view of one player of a game. It encodes to JSON as
// {"name":"Ann","score":350,"farkles":0,"on_board":true}.
type Player struct {
	Name    string `json:"name"`
	Score   int    `json:"score"`    // banked points; below zero after penalties
	Farkles int    `json:"farkles"`  // farkles in a row since the player last banked or paid a penalty
	OnBoard bool   `json:"on_board"` // whether the player has banked at least once
}

// A Game is a game of Farkle for 1 to MaxPlayers players under some
// [Rules]. Players take turns in order, from player 0. A turn is a
// sequence of actions by the current player:
//
//   - [Game.Roll] (or [Game.RollDice]) throws the dice left; a roll with
//     nothing to keep is a farkle and ends the turn with nothing (as, under
//     [Rules].ToxicTwos, a roll with four or more 2s; under SixOnesWin six
//     1s win the game at once);
//   - [Game.Keep] sets aside scoring dice of that
//     roll, exactly once per roll: a player keeps all the dice they want
//     from a roll at once, as combinations never span two rolls;
//   - then the player rolls the dice left again, or banks the turn total
//     with [Game.Bank], which ends the turn. When all six dice are set aside (hot
//     dice), the player has six dice to roll again.
//
// An illegal action returns an [*ActionError] and changes nothing. Once the
// game is over every action fails with [ErrGameOver].
//
// A *Game marshals to JSON as a save (see [Game.MarshalJSON]); marshal the
// pointer, since a Game value, whose fields are all unexported, encodes as
// {}.
//
// [Game.View] reads the position (the roll, the turn total, the players,
// the rules...), for a UI as for a bot. A Game is not safe for
// concurrent use. The zero Game has no players and every action
// fails with [ErrNoGame]: make games with [New] or [Replay], or load them
// with encoding/json.
type Game struct {
	rules     Rules // with Scoring filled in
	scorer    *farkle.Scorer
	players   []Player
	cur       int
	table     [farkle.MaxDice]farkle.Die // dice rolled and not yet kept, in the order rolled
	tableN    int                        // the number of dice in table
	onTable   bool                       // dice wait on the table for a keep
	rolled    bool                       // the current turn has rolled (and not farkled)
	turnTotal int
	diceLeft  int  // dice not set aside since the turn began or the last hot dice
	hot       bool // the last keep set aside the last dice
	trigger   int  // the player who reached the target with FinalRound, or -1
	over      bool
	winner    int
	turn      int // the current turn, from 1
	// The offer of the last bank under Rules.Piggyback: its turn total
	// and dice left, until the next player's first roll; offerDice 0 is
	// none.
	offerTotal, offerDice int
	src                   rand.Source
	events                []Event
}

// New starts a game under r, with one player per name (1 to MaxPlayers),
// player 0 to roll first. An empty name becomes "Player N", N from 1;
// names are at most MaxNameLen bytes of UTF-8 text without control or
// formatting characters (such as a right-to-left override: only the
// joiners of emoji sequences such as 👨‍👩‍👧 and the tags of flags such as
// 🏴󠁧󠁢󠁳󠁣󠁴󠁿 are formatting characters allowed), and without space at
// either end. To play without names, pass make([]string, n).
//
// The dice come from src: each die is 1 + x%6 for the next value x of
// src.Uint64() (the 4 largest values are drawn again), so a seeded source
// replays a game exactly. Use rand.NewPCG or rand.NewChaCha8 so that the
// game can be saved with its source (see [Game.MarshalJSON]). src may be
// nil for dice given by [Game.RollDice] only (physical dice); it can be
// set later with [Game.SetSource].
//
// New fails with a [*farkle.RulesError] for invalid rules and with
// [ErrPlayers] for bad players. It compiles the scoring rules (about 2
// ms; the presets' scoring only once per program).
func New(r Rules, names []string, src rand.Source) (*Game, error) {
	sc, err := r.scorer()
	if err != nil {
		return nil, err
	}
	r.Scoring, r.Target = r.scoring(), r.target()
	if len(names) < 1 || len(names) > MaxPlayers {
		return nil, &PlayersError{Reason: strconv.Itoa(len(names)) + " players, want 1 to " + strconv.Itoa(MaxPlayers)}
	}
	g := &Game{rules: r, scorer: sc, players: make([]Player, len(names)), trigger: -1, winner: -1, turn: 1, diceLeft: farkle.MaxDice, src: src}
	for i, n := range names {
		if err := checkName(n); err != nil {
			return nil, &PlayersError{Player: i, Reason: err.Error()}
		}
		if n == "" {
			n = "Player " + strconv.Itoa(i+1)
		}
		g.players[i].Name = n
	}
	return g, nil
}

type nameError string

func (e nameError) Error() string { return string(e) }

func checkName(n string) error {
	switch {
	case len(n) > MaxNameLen:
		return nameError("name longer than " + strconv.Itoa(MaxNameLen) + " bytes")
	case !utf8.ValidString(n):
		return nameError("name is not UTF-8")
	case n != "" && slices.ContainsFunc([]rune(n), unicode.IsControl):
		return nameError("name has a control character")
	case !emojiFormatOnly([]rune(n)):
		return nameError("name has a formatting character")
	case n != strings.TrimSpace(n):
		return nameError("name starts or ends with a space")
	}
	return nil
}

// The formatting characters that emoji need: the zero width joiner of
// sequences such as 👨‍👩‍👧, and the tags of the flags of regions such as
// 🏴󠁧󠁢󠁳󠁣󠁴󠁿 (tag letters after a black flag, ended by the cancel tag).
const (
	zwj       = '\u200d'
	blackFlag = '\U0001f3f4'
	tagFirst  = '\U000e0020'
	tagLast   = '\U000e007e'
	cancelTag = '\U000e007f'
)

// emojiFormatOnly reports whether the formatting characters (Unicode's
// Cf, such as the bidirectional overrides) of the name r are only those
// of emoji: a zero width joiner between an emoji (a symbol, maybe with a
// skin tone or an emoji variation selector) and the symbol it joins, and
// tags after a black flag, ended by a cancel tag.
func emojiFormatOnly(r []rune) bool {
	inTags := false // after a black flag and its tags so far
	for i, c := range r {
		switch {
		case c == zwj:
			if i == 0 || i == len(r)-1 || !joinsAfter(r[i-1]) || !unicode.Is(unicode.So, r[i+1]) {
				return false
			}
		case tagFirst <= c && c <= tagLast:
			if i == 0 || !(r[i-1] == blackFlag || inTags) {
				return false
			}
			inTags = true
			continue
		case c == cancelTag:
			if !inTags {
				return false
			}
		case unicode.Is(unicode.Cf, c):
			return false
		}
		if inTags && c != cancelTag {
			return false // tags not ended by a cancel tag
		}
		inTags = false
	}
	return !inTags
}

// joinsAfter reports whether a zero width joiner may follow c in an
// emoji sequence: c is a symbol, a skin tone or the emoji variation
// selector.
func joinsAfter(c rune) bool {
	return unicode.Is(unicode.So, c) || '\U0001f3fb' <= c && c <= '\U0001f3ff' || c == '\ufe0f'
}

// Rename renames player i (from 0) to name, checked as [New] checks names
// (an empty name becomes "Player N"). The events keep no names: the
// history describes them with the new name. Rename fails with a
// [*PlayersError] for a bad name or player, and changes nothing then.
func (g *Game) Rename(i int, name string) error {
	if !g.ok() || i < 0 || i >= len(g.players) {
		return &PlayersError{Player: max(i, 0), Reason: "no player " + strconv.Itoa(i)}
	}
	if err := checkName(name); err != nil {
		return &PlayersError{Player: i, Reason: err.Error()}
	}
	if name == "" {
		name = "Player " + strconv.Itoa(i+1)
	}
	g.players[i].Name = name
	return nil
}

// A PlayersError reports bad players given to [New] or bots given to
// [Game.Play]. It wraps [ErrPlayers].
type PlayersError struct {
	Player int    // the player with a bad name or bot, or 0
	Reason string // such as "9 players, want 1 to 8"
}

// Error returns a message such as "game: bad players: 9 players, want 1 to 8".
func (e *PlayersError) Error() string {
	return "game: " + ErrPlayers.Error() + ": " + e.Reason
}

// Unwrap returns [ErrPlayers].
func (e *PlayersError) Unwrap() error { return ErrPlayers }

// SetSource replaces the source of the dice, for instance after loading a
// game saved without one.
func (g *Game) SetSource(src rand.Source) {
	if g != nil {
		g.src = src
	}
}

// HasSource reports whether the game has a dice source, so that Roll can
// throw the dice.
func (g *Game) HasSource() bool { return g != nil && g.src != nil }

// ok reports whether g is a game made by New.
func (g *Game) ok() bool { return g != nil && len(g.players) > 0 }

// Can returns the error that action a would return now, or nil if it is
// legal. For ActionKeep it checks only that there are dice to keep from;
// for ActionRoll, that the game may roll (with Roll or RollDice). An
// Action that is none of the constants gives an [*ActionError] wrapping
// [ErrUnknownAction].
func (g *Game) Can(a Action) error {
	if err := g.can(a); err != nil {
		return g.fail(a, err)
	}
	return nil
}

func (g *Game) can(a Action) error {
	switch {
	case !g.ok():
		return ErrNoGame
	case g.over:
		return ErrGameOver
	}
	switch a {
	case ActionRoll:
		if g.onTable {
			return ErrAlreadyRolled
		}
	case ActionKeep:
		if !g.onTable {
			return ErrNotRolled
		}
	case ActionPiggyback:
		if g.offerDice == 0 {
			return ErrNoOffer
		}
	case ActionBank:
		switch {
		case g.onTable:
			return ErrAlreadyRolled
		case !g.rolled:
			return ErrNotRolled
		case g.hot && g.rules.MustRollHotDice:
			return ErrMustRoll
		}
		if need := g.minimum(); g.turnTotal < need {
			return &MinimumError{Need: need, Have: g.turnTotal}
		}
	default:
		return ErrUnknownAction
	}
	return nil
}

func (g *Game) fail(a Action, err error) error {
	p := 0
	if g.ok() {
		p = g.cur
	}
	return &ActionError{Action: a, Player: p, Err: err}
}

// minimum is the smallest turn total the current player may bank.
func (g *Game) minimum() int {
	need := g.rules.MinBank
	if !g.players[g.cur].OnBoard && g.rules.MinFirstBank > need {
		need = g.rules.MinFirstBank
	}
	return need
}

// Roll throws the dice left from the game's source. A farkle ends the
// turn: the turn total is lost, the player's farkles in a row go up, maybe
// with a penalty, and the next player is to roll. Otherwise the dice wait
// on the table for [Game.Keep]. Roll fails with [ErrAlreadyRolled] when
// dice wait for a keep and with [ErrNoSource] without a source.
func (g *Game) Roll() error {
	if err := g.can(ActionRoll); err != nil {
		return g.fail(ActionRoll, err)
	}
	if g.src == nil {
		return g.fail(ActionRoll, ErrNoSource)
	}
	var dice [farkle.MaxDice]farkle.Die
	for i := range g.diceLeft {
		dice[i] = rollDie(g.src)
	}
	g.throw(dice[:g.diceLeft])
	return nil
}

// rollDie draws one die from src without bias.
func rollDie(src rand.Source) farkle.Die {
	// 2^64 = 4 mod 6: drop the 4 largest values. Give up after a few
	// draws so that a broken source cannot hang the game.
	x := src.Uint64()
	for i := 0; i < 16 && x > math.MaxUint64-4; i++ {
		x = src.Uint64()
	}
	return farkle.Die(1 + x%6)
}

// RollDice is [Game.Roll] with the dice given: physical dice, or a test.
// dice must be exactly [View.DiceLeft] dice from 1 to 6 ([CountError],
// farkle.ErrInvalidDie); the slice is copied.
func (g *Game) RollDice(dice []farkle.Die) error {
	if err := g.can(ActionRoll); err != nil {
		return g.fail(ActionRoll, err)
	}
	if len(dice) != g.diceLeft {
		return g.fail(ActionRoll, &CountError{Want: g.diceLeft, Got: len(dice)})
	}
	if _, err := g.scorer.IsFarkle(dice); err != nil {
		return g.fail(ActionRoll, err)
	}
	g.throw(dice)
	return nil
}

// throw plays the valid roll dice, which it copies.
func (g *Game) throw(dice []farkle.Die) {
	g.offerTotal, g.offerDice = 0, 0 // a roll of six afresh drops the offer
	h, _ := farkle.HandOf(dice)
	g.event(Event{Kind: EventRolled, Dice: h})
	if g.rules.SixOnesWin && h.Count(1) == farkle.MaxDice {
		g.turnTotal = 0 // not banked: the game is won
		g.event(Event{Kind: EventSixOnes})
		g.finish(g.cur)
		g.endTurn()
		return
	}
	toxic := g.rules.ToxicTwos && h.Count(2) >= 4
	if f, _ := g.scorer.IsFarkle(dice); !f && !toxic {
		g.tableN = copy(g.table[:], dice)
		g.onTable = true
		g.rolled = true
		g.hot = false
		return
	}
	if toxic {
		g.event(Event{Kind: EventToxicTwos})
	}
	p := &g.players[g.cur]
	p.Farkles++
	lost := g.turnTotal
	g.turnTotal = 0
	g.event(Event{Kind: EventFarkled, Points: lost})
	switch {
	case g.rules.Penalty > 0 && p.Farkles >= g.rules.PenaltyAfter:
		p.Score -= g.rules.Penalty
		p.Farkles = 0
		g.event(Event{Kind: EventPenalty, Points: g.rules.Penalty})
	case g.rules.Bankrupt && p.Farkles >= g.rules.PenaltyAfter:
		lost := p.Score
		p.Score, p.Farkles = 0, 0
		g.event(Event{Kind: EventBankrupt, Points: lost})
	}
	g.endTurn()
}

// Keep sets aside dice from the roll on the table and adds their points to
// the turn total. The dice must all score, as one keep, under the game's
// scoring rules: the error wraps a [*farkle.DiceError] with
// farkle.ErrNonScoring (dice that score nothing), farkle.ErrNotInRoll
// (dice not rolled), farkle.ErrNoDice (keeping nothing), ... Keep fails
// with [ErrNotRolled] when there is no roll to keep from: each roll allows
// one Keep. The slice is copied.
func (g *Game) Keep(dice []farkle.Die) error {
	if err := g.can(ActionKeep); err != nil {
		return g.fail(ActionKeep, err)
	}
	pts, err := g.scorer.ValidateKeep(g.table[:g.tableN], dice)
	if err != nil {
		return g.fail(ActionKeep, err)
	}
	kept, _ := farkle.HandOf(dice)
	g.kept(kept, pts)
	return nil
}

// keepHand is [Game.Keep] with the dice as a [farkle.Hand]: the keep
// that a [Bot] returns, or that an event holds. The errors are Keep's.
func (g *Game) keepHand(h farkle.Hand) error {
	if err := g.can(ActionKeep); err != nil {
		return g.fail(ActionKeep, err)
	}
	var buf [farkle.MaxDice]farkle.Die
	pts, err := g.scorer.ValidateKeep(g.table[:g.tableN], h.AppendDice(buf[:0]))
	if err != nil {
		return g.fail(ActionKeep, err)
	}
	g.kept(h, pts)
	return nil
}

// kept sets aside the dice of a valid keep worth pts.
func (g *Game) kept(kept farkle.Hand, pts int) {
	g.turnTotal += pts
	g.diceLeft -= kept.Len()
	g.onTable, g.tableN = false, 0
	g.event(Event{Kind: EventKept, Dice: kept, Points: pts})
	if g.diceLeft == 0 {
		g.diceLeft = farkle.MaxDice
		g.hot = true
		g.event(Event{Kind: EventHotDice})
	}
}

// Bank adds the turn total to the player's score and ends the turn. It
// fails with [ErrNotRolled] before the first roll of a turn, with
// [ErrAlreadyRolled] while dice wait for a keep, with a [*MinimumError]
// under the minimum of the rules, and with [ErrMustRoll] after hot dice
// under MustRollHotDice. Reaching the target ends the game, or starts the
// final round. Under Welfare a bank that would pass the target scores
// nothing for the player and may go to another (see [Rules].Welfare).
func (g *Game) Bank() error {
	if err := g.can(ActionBank); err != nil {
		return g.fail(ActionBank, err)
	}
	p := &g.players[g.cur]
	banked := g.turnTotal
	target := g.rules.target()
	if g.rules.Welfare && p.Score+banked > target {
		p.OnBoard = true
		p.Farkles = 0
		g.turnTotal = 0
		g.event(Event{Kind: EventOvershot, Points: banked})
		g.welfare(banked, target)
		g.endTurn()
		return nil
	}
	p.Score += banked
	p.OnBoard = true
	p.Farkles = 0
	g.turnTotal = 0
	g.event(Event{Kind: EventBanked, Points: banked})
	if g.trigger < 0 && p.Score >= target {
		if g.rules.FinalRound && len(g.players) > 1 {
			g.trigger = g.cur
			g.event(Event{Kind: EventFinalRound})
		} else {
			g.finish(g.cur)
		}
	}
	left := g.diceLeft // 6 after hot dice
	g.endTurn()
	if g.rules.Piggyback && !g.over && len(g.players) > 1 && left < farkle.MaxDice {
		g.offerTotal, g.offerDice = banked, left
	}
	return nil
}

// Piggyback takes over the turn total and the dice left of the last bank,
// under [Rules].Piggyback: the current player starts their turn with that
// total, plus Rules.PiggybackBonus, and those dice to roll. It fails with
// [ErrNoOffer] when there is nothing to take over: no such rule, a bank
// that left no dice or ended the game, or after the turn's first roll.
func (g *Game) Piggyback() error {
	if err := g.can(ActionPiggyback); err != nil {
		return g.fail(ActionPiggyback, err)
	}
	total := g.offerTotal + g.rules.PiggybackBonus
	g.turnTotal, g.diceLeft = total, g.offerDice
	g.offerTotal, g.offerDice = 0, 0
	g.event(Event{Kind: EventPiggybacked, Points: total})
	return nil
}

// welfare gives the points of an overshot bank to the other player with
// the lowest score, the first in the order of play after the banker on a
// tie, unless they would pass the target too; reaching it exactly wins.
func (g *Game) welfare(pts, target int) {
	n := len(g.players)
	to := -1
	for k := 1; k < n; k++ {
		if i := (g.cur + k) % n; to < 0 || g.players[i].Score < g.players[to].Score {
			to = i
		}
	}
	if to < 0 || g.players[to].Score+pts > target {
		return // one player, or a gift past the target: the points are lost
	}
	p := &g.players[to]
	p.Score += pts
	g.record(Event{Kind: EventWelfare, Player: to, Points: pts, Score: p.Score, Farkles: p.Farkles})
	if p.Score == target {
		g.finish(to)
	}
}

// endTurn clears the turn and passes the dice to the next player, or ends
// the final round.
func (g *Game) endTurn() {
	g.onTable, g.tableN, g.rolled, g.turnTotal, g.diceLeft, g.hot = false, 0, false, 0, farkle.MaxDice, false
	g.offerTotal, g.offerDice = 0, 0
	if g.over {
		return
	}
	next := (g.cur + 1) % len(g.players)
	if next == g.trigger {
		best := g.trigger
		for k := 1; k < len(g.players); k++ {
			if i := (g.trigger + k) % len(g.players); g.players[i].Score > g.players[best].Score {
				best = i
			}
		}
		g.finish(best)
		return
	}
	g.cur = next
	g.turn++
}

func (g *Game) finish(w int) {
	g.over, g.winner = true, w
	p := &g.players[w]
	g.record(Event{Kind: EventWon, Player: w, Score: p.Score, Farkles: p.Farkles})
}

// event records e by the current player, with the turn total, score and
// farkles in a row as they are now.
func (g *Game) event(e Event) {
	e.Player = g.cur
	p := &g.players[g.cur]
	e.TurnTotal, e.Score, e.Farkles = g.turnTotal, p.Score, p.Farkles
	g.record(e)
}

// record appends e to the history, doubling its capacity when it is full,
// so that a long history, as a loaded one, costs at most twice its size
// in allocations (append grows large slices by smaller steps).
func (g *Game) record(e Event) {
	if len(g.events) == cap(g.events) {
		grown := make([]Event, len(g.events), max(32, 2*cap(g.events)))
		copy(grown, g.events)
		g.events = grown
	}
	g.events = append(g.events, e)
}

// Players returns a copy of the players' views, in order of play.
func (v View) Players() []Player {
	g := v.g
	if g == nil {
		return nil
	}
	return slices.Clone(g.players)
}

// Scores returns every player's banked score, in order of play.
func (v View) Scores() []int {
	g := v.g
	if !g.ok() {
		return nil
	}
	s := make([]int, len(g.players))
	for i, p := range g.players {
		s[i] = p.Score
	}
	return s
}

// HotDice reports whether the last keep set aside all the dice, so that
// the next roll throws six dice again.
func (v View) HotDice() bool { return v.g != nil && v.g.hot }

// Over reports whether the game is over.
func (v View) Over() bool { return v.g != nil && v.g.over }

// Winner returns the winner and true once the game is over, or -1 and
// false.
func (v View) Winner() (int, bool) {
	g := v.g
	if g == nil || !g.over {
		return -1, false
	}
	return g.winner, true
}

// NumEvents returns the number of events in the history of the game.
func (g *Game) NumEvents() int {
	if g == nil {
		return 0
	}
	return len(g.events)
}

// EventsSince returns a copy of the history of the game from event i on
// (from 0), oldest first: EventsSince(0) is the whole history. A UI that
// shows the events as they come keeps the number it has seen and asks
// only for the new ones, so that reading the history costs in all time
// proportional to its length. An i out of range gives nil.
func (g *Game) EventsSince(i int) []Event {
	if g == nil || i < 0 || i >= len(g.events) {
		return nil
	}
	return slices.Clone(g.events[i:])
}

// EventsBetween returns a copy of the events i to j-1 of the history of
// the game (from 0), oldest first: a page of it, which costs the page
// whatever the length of the history. j past the end stops at the end;
// an i out of range, or j not after i, gives nil.
func (g *Game) EventsBetween(i, j int) []Event {
	if g == nil || i < 0 || i >= len(g.events) || j <= i {
		return nil
	}
	return slices.Clone(g.events[i:min(j, len(g.events))])
}
