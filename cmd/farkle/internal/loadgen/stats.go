package main

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// due returns the time at which the k-th move (from 0) of a run at rate
// moves a second that starts at start is due: the moves are spaced evenly,
// 1/rate apart, whatever the server does.
func due(start time.Time, rate float64, k int) time.Time {
	return start.Add(time.Duration(math.Round(float64(k) * float64(time.Second) / rate)))
}

// numMoves returns how many moves a run of d at rate makes.
func numMoves(rate float64, d time.Duration) int {
	return int(math.Floor(rate * d.Seconds()))
}

// gameMoves calls f with the indices k of the moves of game g of n, in
// order, among the total moves of a run: the moves go round the games,
// move k to game k mod n.
func gameMoves(g, n, total int, f func(k int) bool) {
	for k := g; k < total; k += n {
		if !f(k) {
			return
		}
	}
}

// percentile returns the q-th quantile (0 < q <= 1) of the sorted
// durations by the nearest rank: the smallest duration that at least a
// share q of them do not exceed; 0 for none.
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// A result is what a run at one rate measured.
type result struct {
	rate      float64         // asked, moves a second
	elapsed   time.Duration   // from the run's start to its last answer, at least its duration
	ok        int             // moves acknowledged
	latency   []time.Duration // of the acknowledged moves, from when each was due
	errors    map[string]int  // the moves that failed, by error code
	behind    int             // moves sent late, their game's move before still unanswered when due
	maxLag    time.Duration   // the longest a move was sent after it was due
	scheduled int             // moves due in the run
}

// row returns the line of r in the table (see header).
func (r *result) row() string {
	slices.Sort(r.latency)
	served := float64(r.ok) / r.elapsed.Seconds()
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }
	var max time.Duration
	if len(r.latency) > 0 {
		max = r.latency[len(r.latency)-1]
	}
	return fmt.Sprintf("%10.0f %11.0f %9s %9s %9s %9s %8d  %s", r.rate, served,
		ms(percentile(r.latency, 0.5)), ms(percentile(r.latency, 0.99)), ms(percentile(r.latency, 0.999)), ms(max),
		r.ok, errorList(r.errors))
}

// header is the head of the table of results.
const header = "rate asked rate served   p50(ms)   p99(ms) p99.9(ms)   max(ms)       ok  errors by code"

// errorList returns the counts of errs, "code n, ...", by code; "none"
// for none.
func errorList(errs map[string]int) string {
	if len(errs) == 0 {
		return "none"
	}
	var parts []string
	for _, c := range slices.Sorted(maps.Keys(errs)) {
		parts = append(parts, fmt.Sprintf("%s %d", c, errs[c]))
	}
	return strings.Join(parts, ", ")
}

// A lostMove is a game whose state holds fewer events than a move's
// acknowledgement said it had.
type lostMove struct {
	game         int
	acked, final int // events: at the last acknowledgement, and in the state read at the end
}

// checkLost compares, game by game, the events of the last acknowledged
// move (acked, -1 for none) with those of the state read at the end
// (final): each acknowledged move must be in the state, so final must be
// at least acked. It returns the games that lost moves, in order, and
// the games that have more events than acknowledged although every one
// of their moves had an answer (sure), which a server must not do either
// (a move refused and made all the same).
func checkLost(acked, final []int, sure []bool) (lost []lostMove, extra []int) {
	for g := range acked {
		switch {
		case final[g] < acked[g]:
			lost = append(lost, lostMove{g, acked[g], final[g]})
		case sure[g] && acked[g] >= 0 && final[g] > acked[g]:
			extra = append(extra, g)
		}
	}
	slices.SortFunc(lost, func(a, b lostMove) int { return cmp.Compare(a.game, b.game) })
	return lost, extra
}
