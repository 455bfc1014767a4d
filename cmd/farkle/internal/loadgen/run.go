package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// maxGames bounds -games: the loopback addresses of the games are
// 127.64.0.0 and on, 62,500 in each /16 from 127.64 up to 127.127.
const maxGames = 1_000_000

// gameAddr returns the loopback address of game i: 127.x.y.z with x from
// 64, y and z from 1 to 250 (no .0 nor .255, which some systems refuse).
func gameAddr(i int) net.IP {
	return net.IPv4(127, byte(64+i/62_500), byte(1+i/250%250), byte(1+i%250))
}

// state is what loadgen reads of a game's state (GET /api/games/{id}, and
// the answer of a move).
type state struct {
	Current   int   `json:"current"`
	Dice      []int `json:"dice"`
	TurnTotal int   `json:"turn_total"`
	CanBank   bool  `json:"can_bank"`
	Over      bool  `json:"over"`
	NumEvents int   `json:"num_events"`
	Keeps     []struct {
		Dice []int `json:"dice"`
	} `json:"keeps"`
}

// A player plays one game, from its own loopback address.
type player struct {
	i      int
	base   string // the server the game is played on
	other  string // the server its stream and its final state are read from: the next one given, or base
	client *http.Client
	id     string
	tokens []string // per seat
	st     state    // the last state read
	acked  int      // the events of the last acknowledged move's state (at first, the new game's)
	sure   bool     // every move had an answer (none lost on the way)
}

func newPlayer(c config, i int) *player {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: gameAddr(i)}, Timeout: c.timeout}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Hour, DisableCompression: true}
	addrs := strings.Split(c.addr, ",")
	base, other := addrs[i%len(addrs)], addrs[(i+1)%len(addrs)]
	return &player{i: i, base: base, other: other, client: &http.Client{Transport: tr, Timeout: c.timeout}, sure: true}
}

// apiError is the code of an error answer, or of a request that had none.
type apiError struct{ code string }

func (e *apiError) Error() string { return e.code }

// do makes a request and decodes a 2xx answer's JSON into out. Its error
// is an *apiError: "STATUS code" for an error answer, "timeout" or "net"
// for none.
func (p *player) do(ctx context.Context, method, path string, token string, events int, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("X-Farkle-Token", token)
	}
	if events >= 0 {
		req.Header.Set("X-Farkle-Events", strconv.Itoa(events))
	}
	res, err := p.client.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return &apiError{"timeout"}
		}
		return &apiError{"net"}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return &apiError{"net"}
	}
	if res.StatusCode/100 != 2 {
		var e struct {
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		code := "?"
		if json.Unmarshal(data, &e) == nil && e.Error.Code != "" {
			code = e.Error.Code
		}
		return &apiError{fmt.Sprintf("%d %s", res.StatusCode, code)}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return &apiError{fmt.Sprintf("%d bad-json", res.StatusCode)}
	}
	return nil
}

// create makes the player's game: two human seats, a target so far that
// no game ends in a run. It tries again after a refusal for load.
func (p *player) create(ctx context.Context) error {
	req := map[string]any{"rules": "app", "target": 1_000_000, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}
	var out struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
		State state `json:"state"`
	}
	var err error
	for try := 0; try < 20; try++ {
		if err = p.do(ctx, "POST", "/api/games", "", -1, req, &out); err == nil {
			break
		}
		if e := err.(*apiError); e.code != "503 unavailable" && e.code != "429 rate_limited" {
			return fmt.Errorf("game %d: create: %w", p.i, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond << min(try, 5)):
		}
	}
	if err != nil {
		return fmt.Errorf("game %d: create: %w", p.i, err)
	}
	p.id, p.st, p.acked = out.ID, out.State, out.State.NumEvents
	for _, s := range out.Seats {
		p.tokens = append(p.tokens, s.Token)
	}
	if len(p.tokens) != 2 || p.tokens[0] == "" || p.tokens[1] == "" {
		return fmt.Errorf("game %d: create: want two seats with tokens, got %d", p.i, len(p.tokens))
	}
	return nil
}

// move makes the game's next move, one request: keep the first keep of
// the dice on the table, bank from a turn total of 300, else roll. It
// returns "" when acknowledged, else the error's code.
func (p *player) move(ctx context.Context) string {
	var path string
	var body any
	switch st := p.st; {
	case st.Over:
		return "over"
	case len(st.Dice) > 0 && len(st.Keeps) > 0:
		path, body = "/keep", map[string][]int{"dice": st.Keeps[0].Dice}
	case st.CanBank && st.TurnTotal >= 300:
		path = "/bank"
	default:
		path = "/roll"
	}
	if p.st.Current < 0 || p.st.Current >= len(p.tokens) {
		return "bad-state"
	}
	var next state
	err := p.do(ctx, "POST", "/api/games/"+p.id+path, p.tokens[p.st.Current], p.st.NumEvents, body, &next)
	if err == nil {
		p.st, p.acked = next, next.NumEvents
		return ""
	}
	code := err.(*apiError).code
	if code == "timeout" || code == "net" || code == "409 stale" {
		// The move may have been made: read the state again.
		if code != "409 stale" {
			p.sure = false
		}
		var st state
		if p.do(ctx, "GET", "/api/games/"+p.id, "", -1, nil, &st) == nil {
			p.st = st
		}
	}
	return code
}

// A streamer reads the event stream of a game until its context ends,
// opening it again whenever it ends.
type streamer struct {
	updates atomic.Int64 // "update" messages read
	opened  atomic.Int64 // streams opened
	ended   atomic.Int64 // streams ended by the server or the network
	refused atomic.Int64 // streams refused (an error answer)
}

// stream reads the stream of p's game; ready is called once its first
// update is read (or the stream failed to open).
func (s *streamer) stream(ctx context.Context, p *player, ready func()) {
	first := true
	defer func() {
		if first {
			ready()
		}
	}()
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, "GET", p.other+"/api/games/"+p.id+"/stream", nil)
		client := &http.Client{Transport: p.client.Transport} // no timeout: it streams
		res, err := client.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				s.ended.Add(1)
			}
		} else if res.StatusCode != http.StatusOK {
			res.Body.Close()
			s.refused.Add(1)
		} else {
			s.opened.Add(1)
			br := bufio.NewReaderSize(res.Body, 64<<10)
			for {
				line, err := br.ReadSlice('\n')
				if err == bufio.ErrBufferFull {
					continue // the rest of a long data line
				}
				if err != nil {
					break
				}
				if bytes.HasPrefix(line, []byte("event: update")) {
					s.updates.Add(1)
					if first {
						first = false
						ready()
					}
				}
			}
			res.Body.Close()
			if ctx.Err() == nil {
				s.ended.Add(1)
			}
		}
		if first {
			return // it never opened: do not hammer the server
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// report is what run found, for the exit status.
type report struct {
	failed int // moves that failed, at every rate
	lost   int // games that lost acknowledged moves
	extra  int // games with more events than their moves made
}

// forEach calls f for each player, from at most n goroutines at once.
func forEach(ps []*player, n int, f func(p *player)) {
	var wg sync.WaitGroup
	next := make(chan *player)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				f(p)
			}
		}()
	}
	for _, p := range ps {
		next <- p
	}
	close(next)
	wg.Wait()
}

// run makes the games, opens the streams, runs each rate and checks the
// games at the end, printing the table to w.
func run(ctx context.Context, c config, w io.Writer) (report, error) {
	var rep report
	ps := make([]*player, c.games)
	for i := range ps {
		ps[i] = newPlayer(c, i)
	}
	defer func() {
		for _, p := range ps {
			p.client.CloseIdleConnections()
		}
	}()
	start := time.Now()
	var createErr error
	var errMu sync.Mutex
	forEach(ps, 64, func(p *player) {
		if err := p.create(ctx); err != nil {
			errMu.Lock()
			createErr = errors.Join(createErr, err)
			errMu.Unlock()
		}
	})
	if createErr != nil {
		return rep, createErr
	}
	fmt.Fprintf(w, "loadgen: %s: %d games made in %.1fs\n", c.addr, c.games, time.Since(start).Seconds())

	sctx, stopStreams := context.WithCancel(ctx)
	var swg sync.WaitGroup
	var st streamer
	var ready sync.WaitGroup
	ready.Add(c.streams)
	for _, p := range ps[:c.streams] {
		swg.Add(1)
		go func() {
			defer swg.Done()
			st.stream(sctx, p, ready.Done)
		}()
	}
	ready.Wait()
	defer func() {
		stopStreams()
		swg.Wait()
	}()
	fmt.Fprintf(w, "loadgen: %d event streams open (%d refused)\n\n", st.opened.Load(), st.refused.Load())

	if c.warmup > 0 {
		r := runRate(ctx, ps, c.rates[0], c.warmup)
		fmt.Fprintf(w, "loadgen: warm-up at %.0f moves a second for %v, not measured: %d acknowledged, failed: %s\n\n", c.rates[0], c.warmup, r.ok, errorList(r.errors))
	}
	fmt.Fprintln(w, header)
	for _, rate := range c.rates {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		self0, t0 := cpuSelf(), time.Now()
		srv0, srvOK := cpuOf(c.pid)
		r := runRate(ctx, ps, rate, c.duration)
		for _, n := range r.errors {
			rep.failed += n
		}
		fmt.Fprintln(w, r.row())
		wall := time.Since(t0).Seconds()
		cpu := fmt.Sprintf("           (CPU: loadgen %.2f cores", (cpuSelf()-self0).Seconds()/wall)
		if srv1, ok := cpuOf(c.pid); ok && srvOK && c.pid != 0 {
			cpu += fmt.Sprintf(", the server %.2f cores", (srv1-srv0).Seconds()/wall)
		}
		fmt.Fprintln(w, cpu+")")
		if r.behind > 0 {
			fmt.Fprintf(w, "           (%d moves sent late, their game's move before unanswered when due; at most %.0f ms late)\n", r.behind, float64(r.maxLag)/float64(time.Millisecond))
		}
	}
	fmt.Fprintf(w, "\nloadgen: event streams: %d updates read, %d opened, %d ended early, %d refused\n",
		st.updates.Load(), st.opened.Load(), st.ended.Load(), st.refused.Load())

	// Every acknowledged move must be in its game's state.
	// With several servers, the state is read from another server than
	// the one played on: it learns of the moves from the store's
	// notifications, a little later. A game behind there is read again
	// until it has caught up, for up to lagLimit, and counted as behind;
	// one still short then is lost.
	const lagLimit = 10 * time.Second
	acked, final, sure := make([]int, len(ps)), make([]int, len(ps)), make([]bool, len(ps))
	var readErr error
	var behind atomic.Int64
	var worstLag atomic.Int64
	forEach(ps, 64, func(p *player) {
		acked[p.i], sure[p.i] = p.acked, p.sure
		reader := &player{i: p.i, base: p.other, client: p.client}
		first, retried := time.Now(), false
		for {
			var s state
			if err := reader.do(ctx, "GET", "/api/games/"+p.id, "", -1, nil, &s); err != nil {
				errMu.Lock()
				readErr = errors.Join(readErr, fmt.Errorf("game %d: the state at the end: %w", p.i, err))
				errMu.Unlock()
				final[p.i] = -1
				return
			}
			final[p.i] = s.NumEvents
			if final[p.i] >= p.acked || p.other == p.base || time.Since(first) > lagLimit {
				break
			}
			retried = true
			time.Sleep(20 * time.Millisecond)
		}
		if retried && final[p.i] >= p.acked {
			behind.Add(1)
			lag := int64(time.Since(first))
			for w := worstLag.Load(); lag > w && !worstLag.CompareAndSwap(w, lag); w = worstLag.Load() {
			}
		}
	})
	if readErr != nil {
		return rep, readErr
	}
	if n := behind.Load(); n > 0 {
		fmt.Fprintf(w, "loadgen: %d games were behind on the server read at first, and caught up within %v\n", n, time.Duration(worstLag.Load()).Round(time.Millisecond))
	}
	lost, extra := checkLost(acked, final, sure)
	rep.lost, rep.extra = len(lost), len(extra)
	for _, l := range lost {
		fmt.Fprintf(w, "loadgen: LOST: game %d (%s): its last acknowledged move left %d events, its state has %d\n", l.game, ps[l.game].id, l.acked, l.final)
	}
	for _, g := range extra {
		fmt.Fprintf(w, "loadgen: EXTRA: game %d (%s): %d events, %d acknowledged, every move answered\n", g, ps[g].id, final[g], acked[g])
	}
	fmt.Fprintf(w, "loadgen: lost moves: %d games of %d lost acknowledged moves; %d have moves unacknowledged but made\n", len(lost), len(ps), len(extra))
	return rep, nil
}

// runRate makes moves at rate for d, round the games, each due at its
// time of the schedule, and returns what it measured.
func runRate(ctx context.Context, ps []*player, rate float64, d time.Duration) *result {
	total := numMoves(rate, d)
	start := time.Now().Add(50 * time.Millisecond)
	r := &result{rate: rate, errors: make(map[string]int), scheduled: total}
	var mu sync.Mutex
	var last time.Time
	var wg sync.WaitGroup
	for g, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lat []time.Duration
			errs := make(map[string]int)
			behind := 0
			var maxLag time.Duration
			var end time.Time
			gameMoves(g, len(ps), total, func(k int) bool {
				at := due(start, rate, k)
				if wait := time.Until(at); wait > 0 {
					select {
					case <-ctx.Done():
						return false
					case <-time.After(wait):
					}
				} else if lag := -wait; lag > time.Millisecond {
					behind++
					maxLag = max(maxLag, lag)
				}
				code := p.move(ctx)
				end = time.Now()
				if code == "" {
					lat = append(lat, end.Sub(at))
				} else {
					errs[code]++
				}
				return ctx.Err() == nil
			})
			mu.Lock()
			defer mu.Unlock()
			r.ok += len(lat)
			r.latency = append(r.latency, lat...)
			for c, n := range errs {
				r.errors[c] += n
			}
			r.behind += behind
			r.maxLag = max(r.maxLag, maxLag)
			if end.After(last) {
				last = end
			}
		}()
	}
	wg.Wait()
	r.elapsed = max(last.Sub(start), d)
	return r
}
