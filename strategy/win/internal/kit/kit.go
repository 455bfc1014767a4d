// Package kit is the machinery that the solvers of package win share: the
// error sentinels and the faults that package win turns into its
// *SolveError and *StateError, the worker pool, the header of the binary
// format, the checks of a Bot, the cells that a turn reaches, and whether the
// processor has the AVX that the kernels in assembly need.
package kit

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rulediff"
	"github.com/farkle-go/farkle/strategy"
)

// The sentinels of package win, which exports them under the same names
// and documents them.
var (
	ErrRules      = errors.New("rules not supported")
	ErrOptions    = errors.New("invalid options")
	ErrTooLarge   = errors.New("game too large")
	ErrNoTable    = errors.New("no table")
	ErrOtherRules = strategy.ErrOtherRules
	ErrData       = errors.New("bad table data")
	ErrScore      = errors.New("score out of range")
	ErrTurnTotal  = errors.New("turn total not reachable")
	ErrDiceLeft   = errors.New("number of dice out of range")
	ErrPlayers    = errors.New("number of players not solved")
)

// A SolveFault is why a solver cannot solve a game; package win makes it a
// *win.SolveError with the rules and options asked for.
type SolveFault struct {
	Err    error
	Field  string
	Detail string
}

func (e *SolveFault) Error() string { return SolveMessage(e.Err, e.Field, e.Detail) }
func (e *SolveFault) Unwrap() error { return e.Err }

// SolveMessage is the message of a fault to solve: "win: " and the
// sentinel's, then the detail or else the field.
func SolveMessage(err error, field, detail string) string {
	msg := "win: cannot solve"
	if err != nil {
		msg = "win: " + err.Error()
	}
	switch {
	case detail != "":
		return msg + ": " + detail
	case field != "":
		return msg + ": " + field
	}
	return msg
}

// A StateFault is why a table has no answer for a position; package win
// makes it a *win.StateError with the position asked for.
type StateFault struct {
	Err    error
	Detail string
}

func (e *StateFault) Error() string {
	if e.Detail == "" {
		return "win: " + e.Err.Error()
	}
	return "win: " + e.Err.Error() + ": " + e.Detail
}
func (e *StateFault) Unwrap() error { return e.Err }

// NoTable is the error of a method of a nil or zero table.
func NoTable() error {
	return fmt.Errorf("win: %w: a nil or zero *Table; use Solve or UnmarshalBinary", ErrNoTable)
}

// A HouseRule is a rule of play that a solver may refuse: on, the field of
// game.Rules, and why.
type HouseRule struct {
	On           bool
	Field, About string
}

// Refuse returns the fault of the first rule that is on, or nil; rules that
// game.Rules.Validate refuses give its error instead.
func Refuse(r game.Rules, rules ...HouseRule) error {
	for _, h := range rules {
		if !h.On {
			continue
		}
		if err := r.Validate(); err != nil {
			return err
		}
		return &SolveFault{Err: ErrRules, Field: h.Field, Detail: h.Field + ": " + h.About}
	}
	return nil
}

// Workers returns the number of goroutines for n (0: GOMAXPROCS), or a
// fault for a negative n.
func Workers(n int) (int, error) {
	if n < 0 {
		return 0, &SolveFault{Err: ErrOptions, Field: "Workers", Detail: fmt.Sprintf("Workers %d", n)}
	}
	if n == 0 {
		return runtime.GOMAXPROCS(0), nil
	}
	return n, nil
}

// Share runs work(i, u) for every u from 0 to n-1 on w goroutines, i the
// goroutine's number, each taking the next u as it finishes one.
func Share(w, n int, work func(i, u int)) {
	if w <= 1 {
		for u := range n {
			work(0, u)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	wg.Add(w)
	for i := range w {
		go func() {
			defer wg.Done()
			for {
				u := int(next.Add(1) - 1)
				if u >= n {
					return
				}
				work(i, u)
			}
		}()
	}
	wg.Wait()
}

// AppendHeader appends the header of the binary format: the magic, the
// version and the rules as JSON with their length.
func AppendHeader(b []byte, magic string, version byte, r game.Rules) ([]byte, error) {
	rules, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	b = append(b, magic...)
	b = append(b, version)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(rules)))
	return append(b, rules...), nil
}

// AppendSum appends the checksum of b.
func AppendSum(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// Bad returns the error of data that the binary format does not accept.
func Bad(why string) error { return fmt.Errorf("win: %w: %s", ErrData, why) }

// Magic returns the magic of data, or "".
func Magic(data []byte) string {
	if len(data) < 4 {
		return ""
	}
	return string(data[:4])
}

// ReadHeader checks the magic, the version (from 1 to maxVersion) and the
// checksum of data, and returns the version, the rules and the rest of the
// body after them.
func ReadHeader(data []byte, magic string, maxVersion byte) (version byte, r game.Rules, rest []byte, err error) {
	if len(data) < len(magic)+1+4+4 || string(data[:len(magic)]) != magic {
		return 0, r, nil, Bad("not a win table")
	}
	version = data[len(magic)]
	if version < 1 || version > maxVersion {
		return 0, r, nil, Bad(fmt.Sprintf("version %d, want 1 to %d", version, maxVersion))
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return 0, r, nil, Bad("bad checksum")
	}
	p := body[len(magic)+1:]
	n := binary.LittleEndian.Uint32(p)
	p = p[4:]
	if uint64(n) > uint64(len(p)) {
		return 0, r, nil, Bad("short data")
	}
	if err := json.Unmarshal(p[:n], &r); err != nil {
		return 0, r, nil, Bad("rules: " + err.Error())
	}
	return version, r, p[n:], nil
}

// NormRules returns r with a zero Target and a zero Scoring read as
// package game reads them.
func NormRules(r game.Rules) game.Rules {
	if r.Scoring == (farkle.Rules{}) {
		r.Scoring = farkle.AppScoring.Rules()
	}
	if r.Target == 0 {
		r.Target = game.DefaultTarget
	}
	return r
}

// Mismatch names the first field in which the rules of a table, tr, differ
// from r: the field, and a detail such as "Target 2000, the game's 10000".
func Mismatch(tr, r game.Rules, whose string) (field, detail string, ok bool) {
	field, a, b, ok := rulediff.First(tr, NormRules(r))
	if !ok {
		return "", "", false
	}
	return field, field + " " + a + ", " + whose + " " + b, true
}

// PlaySafe keeps the best keep of the roll and banks, as the zero
// game.ThresholdBot does: the move of a Bot where its table has no answer.
func PlaySafe(v game.View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false
	}
	keep, _ := farkle.HandOf(p.Dice()) // the dice of a keep are a valid Hand
	return keep, true
}

// MaxTurnTotal bounds the turn totals and the scores of a last turn that
// a table answers for.
const MaxTurnTotal = 1 << 40

// Turn checks the turn of a position, turnTotal points set aside and
// diceLeft dice to roll (0 meaning six), under a scoring of unit, and
// returns the dice to roll, 1 to 6.
func Turn(turnTotal, diceLeft, unit int) (n int, err error) {
	if diceLeft < 0 || diceLeft > farkle.MaxDice {
		return 0, &StateFault{Err: ErrDiceLeft}
	}
	if turnTotal < 0 || int64(turnTotal) > MaxTurnTotal || turnTotal%unit != 0 {
		return 0, &StateFault{Err: ErrTurnTotal}
	}
	if diceLeft == 0 {
		return farkle.MaxDice, nil
	}
	return diceLeft, nil
}

// RollKey returns the multiset key of a roll to advise on, or the error
// of sc.BestKeep for bad dice (ok false).
func RollKey(sc *farkle.Scorer, roll []farkle.Die) (key uint32, ok bool, err error) {
	key, ok = multiset.KeyOf(roll)
	if !ok || key == 0 {
		_, err := sc.BestKeep(roll)
		return 0, false, err
	}
	return key, true, nil
}

// Reached returns, for each turn total k below nv (in steps), the
// numbers of dice n that a turn reaches at k from no total and all the
// dice: bit n of Reached(...)[k]. steps[n] and left[n] are the options
// of a roll of n dice, their points in steps and the dice they leave.
// A keep leads from a reached total to a reached one, so a turn's
// dynamic program from its start needs no other cell.
func Reached(nv int, steps, left *[farkle.MaxDice + 1][]int32) []uint8 {
	rows := make([]uint8, nv)
	if nv == 0 {
		return rows
	}
	rows[0] = 1 << farkle.MaxDice
	for k := range nv {
		for n := 1; n <= farkle.MaxDice; n++ {
			if rows[k]&(1<<n) == 0 {
				continue
			}
			for o, st := range steps[n] {
				if u := k + int(st); u < nv {
					rows[u] |= 1 << left[n][o]
				}
			}
		}
	}
	return rows
}
