// Package storebench measures a web.Store open-loop: Appends at a fixed
// rate, spread over many games, each timed from when it was due (not
// from when it was sent), so that a store that falls behind shows its
// queue in the figures.
package storebench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
)

// A Result is a run's figures.
type Result struct {
	Rate           int           // Appends a second asked
	Sent, Errors   int           // Appends made, and failed
	P50, P99, P999 time.Duration // latency from when each was due
	Max            time.Duration
	Elapsed        time.Duration
}

func (r Result) String() string {
	return fmt.Sprintf("%5d/s: %6d appends, %d errors, p50 %8v p99 %8v p99.9 %8v max %8v",
		r.Rate, r.Sent, r.Errors, r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.P999.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond))
}

// Run creates games games in st, then Appends records of size bytes at
// rate a second for d, to games chosen at random: the Appends of one
// game are made one after the other (as a Server makes them, under the
// game's lock), each numbered after the last.
func Run(st web.Store, games, rate, size int, d time.Duration) (Result, error) {
	ctx := context.Background()
	data := make([]byte, size)
	for i := range data {
		data[i] = byte('a' + i%26)
	}
	type game struct {
		mu sync.Mutex
		id string
		n  int
	}
	gs := make([]*game, games)
	stamp := time.Now().UnixNano()
	var wg sync.WaitGroup
	errc := make(chan error, games)
	for i := range gs {
		gs[i] = &game{id: fmt.Sprintf("%016x%08x", stamp, i), n: 1}
		wg.Add(1)
		go func(g *game) { // creates in parallel, grouped by the store
			defer wg.Done()
			if err := st.Create(ctx, g.id, web.Record{Data: data, At: time.Now()}); err != nil {
				errc <- err
			}
		}(gs[i])
	}
	wg.Wait()
	close(errc)
	if err := <-errc; err != nil {
		return Result{}, fmt.Errorf("create: %w", err)
	}
	total := int(d.Seconds() * float64(rate))
	lat := make([]time.Duration, total)
	failed := make([]bool, total)
	interval := time.Second / time.Duration(rate)
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Now()
	for i := range total {
		due := start.Add(time.Duration(i) * interval)
		if w := time.Until(due); w > 0 {
			time.Sleep(w)
		}
		g := gs[rng.IntN(games)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.mu.Lock()
			defer g.mu.Unlock()
			err := st.Append(ctx, g.id, g.n, web.Record{Data: data, At: time.Now()})
			lat[i] = time.Since(due)
			if err != nil {
				failed[i] = true
				return
			}
			g.n++
		}()
	}
	wg.Wait()
	res := Result{Rate: rate, Sent: total, Elapsed: time.Since(start)}
	for _, f := range failed {
		if f {
			res.Errors++
		}
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	res.P50, res.P99, res.P999, res.Max = q(0.50), q(0.99), q(0.999), lat[len(lat)-1]
	return res, nil
}
