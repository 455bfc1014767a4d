package bots

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/farkle-go/farkle/game"
)

// A Result is the outcome of a match of two kinds of bot: games seeded
// 0 to Games-1, a taking the first seat in the even ones and the second
// in the odd ones.
type Result struct {
	A, B  string
	Games int
	WinsA int // the games that A won
}

// Rate returns A's share of the games won and its standard error,
// sqrt(p(1-p)/n).
func (r Result) Rate() (p, se float64) {
	if r.Games == 0 {
		return 0, 0
	}
	p = float64(r.WinsA) / float64(r.Games)
	return p, math.Sqrt(p * (1 - p) / float64(r.Games))
}

// Match plays games games of two players, bots of kinds a and b, under
// rules, each game from a ChaCha8 dice source seeded by seed and the
// game's number; the bots draw from the source of their game.
func Match(a, b string, rules game.Rules, games int, seed uint64, ts Tables) (Result, error) {
	res := Result{A: a, B: b, Games: games}
	for i := range games {
		var key [32]byte
		for j := range 8 {
			key[j] = byte(seed >> (8 * j))
			key[8+j] = byte(uint64(i) >> (8 * j))
		}
		src := rand.NewChaCha8(key)
		kinds, seatA := []string{a, b}, 0
		if i%2 == 1 {
			kinds, seatA = []string{b, a}, 1
		}
		g, err := game.New(rules, kinds, src)
		if err != nil {
			return res, err
		}
		players := make([]game.Bot, 2)
		for s, k := range kinds {
			if players[s], err = New(k, rules, 2, src, ts); err != nil {
				return res, err
			}
		}
		if err := g.Play(players...); err != nil {
			return res, fmt.Errorf("game %d (%s, %s): %w", i, kinds[0], kinds[1], err)
		}
		if w, ok := g.View().Winner(); ok && w == seatA {
			res.WinsA++
		}
	}
	return res, nil
}
