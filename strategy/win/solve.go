package win

import (
	"cmp"
	"context"
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// This file solves the two-player game for the chance of winning; see the
// package documentation for the model.
//
// Banked scores are indexes x = (score - lo) / step from 0 to nS-1 (nS is
// the first index at or above the target), turn totals indexes k = t /
// step. Under an opening minimum (MinFirstBank above MinBank) a player who
// has never banked is a state of its own, whose banks need firstK steps:
// without a penalty that is score 0, index 0 (every bank is positive, so
// an on-board player never has 0); with a penalty the off-board scores 0,
// -pen, -2*pen, ..., down to the floor have indexes of their own, 0 to
// nOff-1 (the floor at 0, score 0 at nOff-1), and the on-board scores
// follow, nOff+x. The table is then N = nOff+nS indexes a side, and the
// sweeps, from the largest sum of indexes down, visit the off-board
// positions last; up(x) is the score of index x as an on-board index,
// (score - lo) / step. W(x, y, i, j) is the chance of the player to move at the start of
// a turn, with x banked against y, i farkles in a row against the
// opponent's j. Within the turn, the values V(k, n) (n dice to roll) are
// a dynamic program over k from high to low, in which banking k leads to
// 1 - W(y, x+k, j, 0) (a larger sum of scores) or wins, and a farkle to
// the value F = 1 - W(y, x, j, i+1) (or, on the penalty, 1 - W(y, x-pen,
// j, 0)). The turn-start value is a function f(F), increasing, convex and
// piecewise linear, of slope under 1.
//
// Without a penalty the pairs (x, y), (y, x) are solved in decreasing
// order of x+y, each exactly: u = f_xy(1 - f_yx(1 - u)) by safeguarded
// Newton steps on the piecewise-linear function, with the slopes carried
// through the dynamic program. With a penalty a farkle can lower the sum,
// so the solver sweeps the whole table in the same order (Gauss-Seidel)
// until no value moves by more than sweepTol (sweeps.go): sixteen pairs
// at once, on lanes whose inner loop is vector instructions where the
// processor has them (lanes.go), in bands of anti-diagonals that bank
// only into the bands before; the first sweep guesses the values after a
// penalty, and Anderson mixing chooses where each later sweep starts.
//
// With a final round a bank at or above the target leaves the opponent a
// last turn, and the turn's dynamic program would run until that turn's
// chance falls under reachEps, hundreds of steps above the target. It
// stops instead where banking is sure to be the best play (cut), and the
// values above are those of banking.
//
// Every value of a turn is a chance in [0, 1], so the dynamic program
// keeps their bits and compares them as integers, whose order is theirs.

// maxTurnTotal is the largest turn total that a position answers for:
// 2^40, about 1.1 trillion, as for a strategy.Table.
const maxTurnTotal = kit.MaxTurnTotal

// maxStates bounds the turn totals of a turn that the solver follows per
// number of dice (times four for a turn of the table, twice for the last
// turn of a final round), so that rules with huge points in tiny steps
// fail fast.
const maxStates = 1 << 16

// defaultTol is the residual at which a Newton step stops, and a tenth of
// the change under which the sweeps with a penalty stop (sweepTol).
const defaultTol = 1e-14

// reachEps is the chance of the last turn of a final round under which it
// counts as 0 (see the package documentation).
const reachEps = 1e-18

// A model is the rules of a Table compiled for the dynamic program.
type model struct {
	rules    game.Rules
	an       rolls.Analysis
	step     int  // score step in points
	lo       int  // the floor, in points (0 without a penalty)
	nS       int  // scores below the target: indexes 0 to nS-1
	zero     int  // the index of score 0
	K        int  // farkle-count states per player: PenaltyAfter, or 1
	pen      int  // the penalty in steps; 0 for none
	minBankK int  // the smallest total that may be banked, in steps, at least 1
	firstK   int  // the same for a player not yet on the board: at least minBankK
	opening  bool // firstK > minBankK: the players off the board are states of their own
	nOff     int  // off-board indexes below the on-board ones: with a penalty and an opening minimum, else 0
	N        int  // indexes a side of the table: nOff + nS
	startX   int  // the index of a player at the start of a game: score 0, off the board
	final    bool
	mustRoll bool
	toxic    bool // ToxicTwos: a roll of four or more 2s is a farkle
	sixOnes  bool // SixOnesWin: a roll of six 1s wins, an option of dice left winLeft
	bankrupt bool // Bankrupt: the K-th farkle in a row sets the score to 0
	jump     int  // the most steps of a keep

	pf              [farkle.MaxDice + 1]float64 // chance of a farkle rolling n dice
	prob            [farkle.MaxDice + 1][]float64
	start           [farkle.MaxDice + 1][]int32
	optSteps        []int32
	optLeft         []int32
	offSteps        []int32                     // offSteps[off]: the steps of an option at offset off, (off mod nv)
	pa6, ph6        float64                     // six dice: chance of a keep that leaves dice; of hot keeps only
	reach           []float64                   // reach[k]: the last turn banks at least k steps; 0 from len(reach) on
	rr              []float64                   // rr[(k-1)*6+n-1]: the same from k steps short with n dice to roll
	nv              int                         // values per number of dice in a dpBuf
	offs            []int32                     // option o reads v[k+offs[o]]
	nOffs           [farkle.MaxDice + 1][]int32 // offs of the rolls of n dice
	nCount          [farkle.MaxDice + 1][]uint8 // the number of options of each group of n dice
	pool            sync.Pool
	tailRoll, tailF float64   // V(k, 6) above the cap with must-roll: tailRoll + tailF*F
	pfMin           float64   // the least chance of a farkle, over the numbers of dice
	reachSuf        []float64 // reachSuf[d]: the largest reach[d'] for d' >= d
	tol, reachEps   float64   // defaultTol and reachEps, which tests may loosen
}

// newModel checks r and floor and compiles them.
func newModel(r game.Rules, floor int) (*model, error) {
	return newModelEps(r, floor, defaultTol, reachEps)
}

// newModelEps is newModel with the tolerances given.
func newModelEps(r game.Rules, floor int, tol, reachEps float64) (*model, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if r.Scoring == (farkle.Rules{}) {
		r.Scoring = farkle.AppScoring.Rules()
	}
	if r.Target == 0 {
		r.Target = game.DefaultTarget
	}
	sc, err := farkle.New(r.Scoring)
	if err != nil {
		return nil, err
	}
	m := &model{rules: r, final: r.FinalRound, mustRoll: r.MustRollHotDice, tol: tol, reachEps: reachEps,
		toxic: r.ToxicTwos, sixOnes: r.SixOnesWin, bankrupt: r.Bankrupt}
	m.an.AnalyzeToxic(sc, r.ToxicTwos)
	m.step = m.an.Unit
	if r.Penalty > 0 {
		m.step = rolls.GCD(m.step, r.Penalty)
		if floor == 0 {
			floor = DefaultFloor
		}
		if floor > 0 || floor%m.step != 0 || floor < math.MinInt32 {
			return nil, &SolveError{Err: ErrOptions, Rules: r, Options: Options{Floor: floor}, Field: "Floor",
				detail: fmt.Sprintf("Floor %d, want a negative multiple of %d from %d", floor, m.step, math.MinInt32)}
		}
		m.lo = floor
		m.K = r.PenaltyAfter
		m.pen = r.Penalty / m.step
	} else if r.Bankrupt {
		m.K = r.PenaltyAfter
	} else {
		m.K = 1
	}
	m.nS = (r.Target - m.lo + m.step - 1) / m.step
	m.zero = -m.lo / m.step
	m.minBankK = max(1, (r.MinBank+m.step-1)/m.step)
	m.firstK = max(m.minBankK, (r.MinFirstBank+m.step-1)/m.step)
	m.opening = m.firstK > m.minBankK
	if m.opening && m.pen > 0 {
		m.nOff = (m.zero+m.pen-1)/m.pen + 1 // 0, -pen, ..., and the floor
	}
	m.N = m.nOff + m.nS
	m.startX = m.zero
	if m.nOff > 0 {
		m.startX = m.nOff - 1
	}
	if float64(m.N)*float64(m.N)*float64(m.K*m.K) > maxPositions {
		return nil, m.tooLarge(fmt.Sprintf("%d scores and %d farkle counts a player: %.0f positions, at most %d",
			m.N, m.K, float64(m.N)*float64(m.N)*float64(m.K*m.K), maxPositions))
	}
	// Without a final round the best keep for each number of kept dice
	// is enough: the groups of the analysis, in its units.
	sigs, scale := &m.an.Groups, int32(m.an.Unit/m.step)
	switch {
	case m.final:
		sigs, scale = m.groupAll(), 1
	case m.sixOnes:
		sigs, scale = m.groupCands(), 1
	}
	opts := sigs[1].Opts
	m.optSteps = make([]int32, len(opts))
	m.optLeft = make([]int32, len(opts))
	for o, op := range opts {
		m.optSteps[o] = op.Steps * scale
		m.optLeft[o] = op.Left
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		g := &sigs[n]
		m.pf[n], m.prob[n], m.start[n] = g.Farkle, g.Prob, g.Start
	}
	for o := range m.optSteps {
		m.jump = max(m.jump, int(m.optSteps[o]))
	}
	for s, p := range m.prob[farkle.MaxDice] {
		st := m.start[farkle.MaxDice]
		hasA := false
		for o := st[s]; o < st[s+1]; o++ {
			hasA = hasA || m.optLeft[o] != farkle.MaxDice // dice left, or a win
		}
		if hasA {
			m.pa6 += p
		} else {
			m.ph6 += p
		}
	}
	if m.mustRoll {
		m.tailRoll, m.tailF = m.pa6/(1-m.ph6), m.pf[6]/(1-m.ph6)
	} else {
		m.tailRoll = 1
	}
	m.reach = []float64{1}
	if !m.sixOnes { // six 1s come with no final round, whose last turn reach is
		if err := m.solveReach(); err != nil {
			return nil, err
		}
	}
	m.reachSuf = slices.Clone(m.reach)
	for d := len(m.reachSuf) - 2; d >= 0; d-- {
		m.reachSuf[d] = max(m.reachSuf[d], m.reachSuf[d+1])
	}
	m.pfMin = 1
	for n := 1; n <= farkle.MaxDice; n++ {
		m.pfMin = min(m.pfMin, m.pf[n])
	}
	top := 0
	for x := range m.N {
		top = max(top, m.kc(x, m.N-1))
	}
	m.nv = top + 2*m.jump + 2
	if m.nv > maxStates*4 {
		return nil, m.tooLarge(fmt.Sprintf("turn totals up to %d steps of %d", m.nv, m.step))
	}
	m.offSteps = make([]int32, rows*m.nv)
	for off := range m.offSteps {
		m.offSteps[off] = int32(off % m.nv)
	}
	m.offs = make([]int32, len(m.optSteps))
	for o := range m.offs {
		m.offs[o] = (m.optLeft[o]-1)*int32(m.nv) + m.optSteps[o]
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		st := m.start[n]
		m.nOffs[n] = m.offs[st[0]:st[len(st)-1]]
		m.nCount[n] = make([]uint8, len(st)-1)
		for s := range m.nCount[n] {
			m.nCount[n][s] = uint8(st[s+1] - st[s])
		}
	}
	return m, nil
}

// groupAll groups the rolls of each number of dice by the list of the
// distinct (points, dice left) of all their legal keeps, points in steps.
// With a final round a player may prefer fewer points with the same dice
// left (to stay under the target), so every keep counts, not only the best
// keep for each number of kept dice.
func (m *model) groupAll() *[farkle.MaxDice + 1]rolls.Group {
	return m.an.GroupAll(m.step, m.toxic)
}

// winLeft is the dice left of the option of a roll that wins at once (six
// 1s under SixOnesWin): its values are those of row winLeft-1 of a turn's
// dynamic program, all 1.
const winLeft = farkle.MaxDice + 1

// rows is the number of rows of a turn's dynamic program: one per number
// of dice to roll, and that of winLeft.
const rows = winLeft

// sixOnesRoll reports whether multiset i (of multiset.Get) is six 1s.
func sixOnesRoll(i int) bool {
	ix := multiset.Get()
	return ix.Size[i] == farkle.MaxDice && ix.Counts[i][1] == farkle.MaxDice
}

// groupCands groups the rolls of each number of dice by the candidates of
// the analysis, as its Groups do, in steps, but for six 1s under
// SixOnesWin, whose one option wins.
func (m *model) groupCands() *[farkle.MaxDice + 1]rolls.Group {
	var os []rolls.Option
	return rolls.GroupRolls(func(n, i int) []rolls.Option {
		os = os[:0]
		if m.sixOnes && sixOnesRoll(i) {
			return append(os, rolls.Option{Steps: 0, Left: winLeft})
		}
		for _, c := range m.an.Cands(i) {
			os = append(os, rolls.Option{Steps: c.Points / int32(m.step), Left: int32(c.Left)})
		}
		return os
	})
}

// solveReach computes the chance of the last turn of a final round to bank
// at least k steps, for every k until it falls under reachEps.
func (m *model) solveReach() error {
	// rr[k*6+n-1] is the chance from k steps short with n dice to roll.
	const nd = farkle.MaxDice
	m.rr = nil
	at := m.reachFrom
	m.reach = []float64{1}
	for k := 1; ; k++ {
		if k > maxStates*2 {
			return m.tooLarge(fmt.Sprintf("the last turn of a final round, beyond %d steps of %d", maxStates*2, m.step))
		}
		hi := 0.0
		for n := 1; n <= nd; n++ {
			var roll float64
			for s, p := range m.prob[n] {
				best := 0.0
				for o := m.start[n][s]; o < m.start[n][s+1]; o++ {
					best = max(best, at(k-int(m.optSteps[o]), int(m.optLeft[o])))
				}
				roll += p * best
			}
			m.rr = append(m.rr, roll)
			hi = max(hi, roll)
		}
		if hi < m.reachEps {
			return nil
		}
		m.reach = append(m.reach, m.rr[(k-1)*nd+nd-1])
	}
}

// reachFrom returns the chance of the last turn to bank at least k more
// steps with n dice to roll.
func (m *model) reachFrom(k, n int) float64 {
	if k <= 0 {
		if n == farkle.MaxDice {
			return m.tailRoll
		}
		return 1
	}
	if k < len(m.reach) {
		return m.rr[(k-1)*farkle.MaxDice+n-1]
	}
	return 0
}

// reachAt returns the chance of the last turn to bank at least k steps.
func (m *model) reachAt(k int) float64 {
	if k < len(m.reach) {
		return m.reach[k]
	}
	return 0
}

// kc returns the cap of the turn of (x, y): from turn total kc on, the
// player may bank and banking wins for sure.
func (m *model) kc(x, y int) int {
	ux := m.up(x)
	k := max(m.nS-ux, m.minBank(x))
	if m.final {
		k = max(k, len(m.reach)-ux+m.up(y)-1)
	}
	return k
}

// off reports whether index x is a player not yet on the board, under an
// opening minimum.
func (m *model) off(x int) bool {
	return m.opening && (x < m.nOff || m.pen == 0 && x == 0)
}

// minBank returns the smallest turn total, in steps, that the player at
// index x may bank: firstK off the board, minBankK on it.
func (m *model) minBank(x int) int {
	if m.off(x) {
		return m.firstK
	}
	return m.minBankK
}

// up returns the score of index x as an on-board index, (score - lo) /
// step, from 0 to nS-1.
func (m *model) up(x int) int {
	if x >= m.nOff {
		return x - m.nOff
	}
	return max(m.zero-(m.nOff-1-x)*m.pen, 0)
}

// fall returns the index of the player at x after a penalty: pen steps
// lower, or the floor; off the board, the next off-board score down;
// under Bankrupt, score 0.
func (m *model) fall(x int) int {
	if m.bankrupt {
		return m.zero
	}
	if x < m.nOff {
		return max(x-1, 0)
	}
	return max(x-m.pen, m.nOff)
}

// cut returns a turn total from which banking is the best play at (x, y)
// with any number of dice when a farkle is worth f: kc(x, y), or less with
// a final round. There a bank at or above the target leaves the opponent a
// last turn that must bank more than the lead, with chance reach(d), and
// banking is worth 1 - reach(d). Rolling n dice is worth at most pf[n]*f +
// 1 - pf[n], since no chance exceeds 1, so banking is the best play once
// reach(d) <= pf[n]*(1-f) for every larger lead too; cut asks for half of
// that. Without a final round, or with must-roll (six dice cannot bank),
// it returns kc(x, y).
func (m *model) cut(x, y int, f float64) int {
	kc := m.kc(x, y)
	if !m.final || m.mustRoll {
		return kc
	}
	mb := m.minBank(x)
	x, y = m.up(x), m.up(y) // the scores
	lo := max(m.nS-x, mb)   // from lo on, a bank reaches the target
	thr := m.pfMin * (1 - f) / 2
	d0 := x + lo - y + 1 // the lead to beat banking lo; at least 2
	n := len(m.reachSuf)
	if d0 >= n {
		return min(lo, kc)
	}
	d := d0 + sort.Search(n-d0, func(i int) bool { return m.reachSuf[d0+i] <= thr })
	return min(max(lo, d-(x-y+1)), kc)
}

func (m *model) idx(x, y, i, j int) int { return ((x*m.N+y)*m.K+i)*m.K + j }

// score returns the score of index x.
func (m *model) score(x int) int { return m.lo + m.up(x)*m.step }

// index returns the index of a banked score, on the board or not (which
// matters only under an opening minimum, and not for a positive score).
// ok is false for a score out of range; why then says what is wrong with
// it.
func (m *model) index(score int, onBoard bool) (x int, ok bool, why string) {
	d := score - m.lo
	if d < 0 || d%m.step != 0 || d/m.step >= m.nS {
		return 0, false, fmt.Sprintf("from %d to under %d in steps of %d", m.lo, m.rules.Target, m.step)
	}
	u := d / m.step
	if !m.opening || score > 0 {
		return m.nOff + u, true, ""
	}
	switch {
	case m.pen == 0 && onBoard:
		return 0, false, "on the board a score is positive: without a penalty every bank is"
	case m.pen == 0 || onBoard:
		return m.nOff + u, true, ""
	case u == 0:
		return 0, true, "" // the floor
	case (m.zero-u)%m.pen == 0:
		return m.nOff - 1 - (m.zero-u)/m.pen, true, ""
	}
	return 0, false, fmt.Sprintf("off the board: from 0 down in steps of %d, or the floor %d", m.rules.Penalty, m.lo)
}

// scores returns the indexes of the banked scores of s.
func (m *model) scores(s pair) (x, y int, err error) {
	x, ok1, why1 := m.index(s.Mine, s.MyOnBoard)
	y, ok2, why2 := m.index(s.Theirs, s.TheirOnBoard)
	if !ok1 || !ok2 {
		return 0, 0, &kit.StateFault{Err: ErrScore, Detail: cmp.Or(why1, why2)}
	}
	return x, y, nil
}

// tooLarge returns the error of a game of m too large to solve.
func (m *model) tooLarge(detail string) error {
	return &SolveError{Err: ErrTooLarge, Rules: m.rules, Options: Options{Floor: m.lo}, detail: detail}
}

// A pos is a checked State.
type pos struct{ x, y, i, j, k, n int }

func (m *model) state(s pair) (pos, error) {
	x, y, err := m.scores(s)
	if err != nil {
		return pos{}, err
	}
	if s.MyFarkles < 0 || s.MyFarkles >= m.K || s.TheirFarkles < 0 || s.TheirFarkles >= m.K {
		return pos{}, &kit.StateFault{Err: ErrFarkles, Detail: fmt.Sprintf("0 to %d", m.K-1)}
	}
	n, err := kit.Turn(s.TurnTotal, s.DiceLeft, m.an.Unit)
	if err != nil {
		return pos{}, err
	}
	k := min(s.TurnTotal/m.step, m.kc(x, y)) // from the cap on, values do not change
	return pos{x: x, y: y, i: s.MyFarkles, j: s.TheirFarkles, k: k, n: n}, nil
}

// A dpBuf holds the dynamic program of one turn.
type dpBuf struct {
	v     []uint64  // [n-1][k] flat, nv per n (and a row of 1s for winLeft): the bits of the values, all in [0, 1], whose order as integers is their order
	dv, r []float64 // the slopes of the values and the values of rolling, as v
}

func (m *model) getBuf() *dpBuf {
	if b, ok := m.pool.Get().(*dpBuf); ok {
		return b
	}
	sz := rows * m.nv
	b := &dpBuf{v: make([]uint64, sz), dv: make([]float64, sz), r: make([]float64, sz)}
	for k := range m.nv {
		b.v[(winLeft-1)*m.nv+k] = math.Float64bits(1) // a win
	}
	return b
}

func (m *model) putBuf(b *dpBuf) { m.pool.Put(b) }

// farkleValue returns the value for the player to move at (x, y, i, j)
// of a farkle now: the opponent moves next.
func (t *Table) farkleValue(x, y, i, j int) float64 {
	m := t.m
	if i+1 < m.K {
		return 1 - t.w[m.idx(y, x, j, i+1)]
	}
	return 1 - t.w[m.idx(y, m.fall(x), j, 0)]
}

// bankValue returns the value of banking k steps at (x, y) with the
// opponent at j farkles in a row, at least 0 (a chance of 1 may round to a
// little more, and the turn's dynamic program compares values by their
// bits, which order only the non-negative ones).
// The bank puts the player on the board; in the last turn of a final
// round the opponent needs more than the lead and at least the minimum
// of their own bank.
func (t *Table) bankValue(x, y, j, k int) float64 {
	m := t.m
	ux := m.up(x)
	if ux+k >= m.nS {
		if !m.final {
			return 1
		}
		return max(0, 1-m.reachAt(max(ux+k-m.up(y)+1, m.minBank(y))))
	}
	return max(0, 1-t.w[m.idx(y, m.nOff+ux+k, j, 0)])
}

// canBank reports whether the player at index x may bank k steps with n
// dice to roll.
func (m *model) canBank(x, k, n int) bool {
	return k >= m.minBank(x) && (n < farkle.MaxDice || !m.mustRoll)
}

// turnF runs the dynamic program of the turn at (x, y) with the opponent
// at j farkles in a row and a farkle worth f, for turn totals from top-1
// down to lowest, with the values from top on those above the cap
// (top >= kc(x, y)). It fills b.v, b.dv (the slopes in f) and b.r (the
// values of rolling).
func (t *Table) turnF(b *dpBuf, x, y, j int, f float64, top, lowest int) {
	f = max(f, 0) // a chance of 1 may round to a little more
	t.m.fillCap(b, f, top, b.dv)
	t.turnDP(b, x, y, j, f, top, lowest)
}

// fillCap puts the values above the cap from top up to the largest keep
// above it, for a farkle worth f, in b.v, and their slopes in dv unless
// dv is nil: banking wins, but with must-roll six dice must roll once more.
func (m *model) fillCap(b *dpBuf, f float64, top int, dv []float64) {
	for n := 1; n <= farkle.MaxDice; n++ {
		tv, td := 1.0, 0.0
		if n == farkle.MaxDice && m.mustRoll {
			tv, td = m.tailRoll+m.tailF*f, m.tailF
		}
		base := (n - 1) * m.nv
		for k := top; k <= top+m.jump; k++ {
			b.v[base+k] = math.Float64bits(tv)
			if dv != nil {
				dv[base+k] = td
			}
		}
	}
}

// turnDP is turnF after the values from top on are in place, for f at
// least 0.
func (t *Table) turnDP(b *dpBuf, x, y, j int, f float64, top, lowest int) {
	m := t.m
	nv := m.nv
	v, dv, r := b.v, b.dv, b.r
	mb := m.minBank(x)
	for k := top - 1; k >= lowest; k-- {
		bk := -1.0
		if k >= mb {
			bk = t.bankValue(x, y, j, k)
		}
		vk, dk := v[k:], dv[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			roll, droll := rollSumSlope(vk, dk, m.nOffs[n], m.nCount[n], m.prob[n])
			roll += m.pf[n] * f
			droll += m.pf[n]
			at := (n-1)*nv + k
			r[at] = roll
			if bk >= roll && (n < farkle.MaxDice || !m.mustRoll) {
				v[at], dv[at] = math.Float64bits(bk), 0
			} else {
				v[at], dv[at] = math.Float64bits(roll), droll
			}
		}
	}
}

// rollSumSlope is rollSum with the slopes dk of the values: it also
// returns the sum of prob[s] times the slope of the first largest value
// of each group.
func rollSumSlope(vk []uint64, dk []float64, offs []int32, count []uint8, prob []float64) (sum, slope float64) {
	prob = prob[:len(count)]
	for s, c := range count {
		bo := offs[0]
		best := vk[bo]
		for _, off := range offs[1:c] {
			if val := vk[off]; val > best {
				best, bo = val, off
			}
		}
		offs = offs[c:]
		sum += prob[s] * math.Float64frombits(best)
		slope += prob[s] * dk[bo]
	}
	return sum, slope
}

// sweepValue returns the turn-start value at (x, y, j) for a farkle worth
// f: startValueCut without the slopes and the values of rolling.
func (t *Table) sweepValue(b *dpBuf, x, y, j int, f float64) float64 {
	f = max(f, 0) // a chance of 1 may round to a little more
	m := t.m
	nv := m.nv
	v := b.v
	top := t.fillAbove(b, x, y, j, f, nil)
	mb := m.minBank(x)
	for k := top - 1; k >= 0; k-- {
		bk := -1.0
		if k >= mb {
			bk = t.bankValue(x, y, j, k)
		}
		vk := v[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			roll := m.pf[n]*f + rollSum(vk, m.nOffs[n], m.nCount[n], m.prob[n])
			at := (n-1)*nv + k
			if bk >= roll && (n < farkle.MaxDice || !m.mustRoll) {
				v[at] = math.Float64bits(bk)
			} else {
				v[at] = math.Float64bits(roll)
			}
		}
	}
	return math.Float64frombits(v[(farkle.MaxDice-1)*nv])
}

// rollSum returns the sum over the groups s of prob[s] times the largest
// of the values vk[off] for the count[s] offsets off of the group, which
// follow each other in offs. The values are the bits of non-negative
// floats.
func rollSum(vk []uint64, offs []int32, count []uint8, prob []float64) float64 {
	sum := 0.0
	prob = prob[:len(count)]
	for s, c := range count {
		best := vk[offs[0]]
		for _, off := range offs[1:c] {
			best = max(best, vk[off])
		}
		offs = offs[c:]
		sum += prob[s] * math.Float64frombits(best)
	}
	return sum
}

// vAt returns V(k, n) of the last turnF.
func (b *dpBuf) vAt(k, n int) float64 {
	return math.Float64frombits(b.v[(n-1)*(len(b.v)/rows)+k])
}

// startValueCut is startValue from the cut of (x, y) for f: from there on
// the values are those of banking, with slope 0.
func (t *Table) startValueCut(b *dpBuf, x, y, j int, f float64) (float64, float64) {
	f = max(f, 0) // a chance of 1 may round to a little more
	t.turnDP(b, x, y, j, f, t.fillAbove(b, x, y, j, f, b.dv), 0)
	at := (farkle.MaxDice - 1) * t.m.nv
	return math.Float64frombits(b.v[at]), b.dv[at]
}

// fillAbove puts the values from the cut of (x, y) for f up to the
// largest keep above it in b.v, and their slopes in dv unless dv is nil,
// and returns the cut: those of banking (slope 0) below kc(x, y), those
// of fillCap at kc(x, y).
func (t *Table) fillAbove(b *dpBuf, x, y, j int, f float64, dv []float64) int {
	m := t.m
	top := m.cut(x, y, f)
	if top == m.kc(x, y) {
		m.fillCap(b, f, top, dv)
		return top
	}
	for k := top; k <= top+m.jump; k++ {
		bk := math.Float64bits(t.bankValue(x, y, j, k))
		for n := range farkle.MaxDice {
			b.v[n*m.nv+k] = bk
			if dv != nil {
				dv[n*m.nv+k] = 0
			}
		}
	}
	return top
}

// turn runs the dynamic program of st's turn down to turn total lowest.
func (t *Table) turn(b *dpBuf, st pos, lowest int) {
	kc := t.m.kc(st.x, st.y)
	t.turnF(b, st.x, st.y, st.j, t.farkleValue(st.x, st.y, st.i, st.j), max(kc, lowest+t.m.jump+1), lowest)
}

// solve fills t.w.
func (t *Table) solve(ctx context.Context, workers int, progress func(done, total int), trace *solveTrace) error {
	m := t.m
	if m.pen > 0 || m.bankrupt {
		return t.solveSweeps(ctx, workers, progress, trace)
	}
	done := 0
	sc := newSched(m.N, workers, true, m.getBuf)
	defer func() {
		for _, b := range sc.bufs {
			m.putBuf(b)
		}
	}()
	// Without a penalty each pair is solved exactly, in one pass.
	_, err := sc.pass(ctx, func(b *dpBuf, x, y int) float64 { t.solvePair(b, x, y); return 0 }, func() {
		done++
		if progress != nil {
			progress(done, sc.diagonals())
		}
	})
	return err
}

// solvePair solves the positions (x, y) and (y, x), x <= y, without a
// penalty: u = W(x, y) is the root of g(u) = f_xy(1 - f_yx(1 - u)) - u,
// which decreases with slope -1 to almost 0.
func (t *Table) solvePair(b *dpBuf, x, y int) {
	m := t.m
	// Start from a neighbor of a larger sum, already solved.
	u := 0.5
	switch {
	case y+2 < m.nS:
		u = min(1, max(0, 2*t.w[m.idx(x, y+1, 0, 0)]-t.w[m.idx(x, y+2, 0, 0)]))
	case y+1 < m.nS:
		u = t.w[m.idx(x, y+1, 0, 0)]
	case x+1 < m.nS:
		u = t.w[m.idx(x+1, y, 0, 0)]
	}
	lo, hi := 0.0, 1.0
	wy := u
	for range 200 {
		var g, d float64 // g(u) and g'(u)
		if x == y {
			wx, sx := t.startValueCut(b, x, y, 0, 1-u)
			g, d = wx-u, -sx-1
		} else {
			var sy float64
			wy, sy = t.startValueCut(b, y, x, 0, 1-u)
			wx, sx := t.startValueCut(b, x, y, 0, 1-wy)
			g, d = wx-u, sx*sy-1
		}
		if math.Abs(g) <= defaultTol {
			break
		}
		if g > 0 {
			lo = u
		} else {
			hi = u
		}
		nu := u - g/d
		if !(nu > lo && nu < hi) {
			nu = (lo + hi) / 2
		}
		if nu == u {
			break
		}
		u = nu
	}
	t.w[m.idx(x, y, 0, 0)] = u
	if x != y {
		t.w[m.idx(y, x, 0, 0)] = wy
	}
}
