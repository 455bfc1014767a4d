package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/internal/pgtest"
	"github.com/farkle-go/farkle/cmd/farkle/web"
)

// TestServePostgres runs two "farkle serve -postgres" processes on one
// database (a schema of the test database: see pgtest), as two
// instances behind a load balancer: a move made on one reaches the event
// streams of the other; of two moves sent at once to the two with the
// same X-Farkle-Events, one is made and the other refused as stale; and
// when one is killed in the middle of a burst of moves, the other has
// every move that it acknowledged, and goes on with the games.
func TestServePostgres(t *testing.T) {
	conn := pgtest.ConnString(t)
	bin := filepath.Join(t.TempDir(), "farkle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	a := startServe(t, bin, conn)
	b := startServe(t, bin, conn)
	t.Run("StreamFollows", func(t *testing.T) { testStreamFollows(t, a, b) })
	t.Run("ConcurrentMoves", func(t *testing.T) { testConcurrentMoves(t, a, b) })
	t.Run("Rematch", func(t *testing.T) { testRematchAcross(t, a, b, conn) })
	t.Run("KillMidBurst", func(t *testing.T) { testKillMidBurst(t, a, b) }) // kills a: last
}

// guardWait bounds the waits for what comes in milliseconds (an update on
// a stream): a guard that tells a hang with a message, long enough that
// no load reaches it.
const guardWait = time.Minute

// A pgServer is a "farkle serve -postgres" process.
type pgServer struct {
	cmd    *exec.Cmd
	base   string // http://127.0.0.1:PORT
	done   chan struct{}
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var playingAt = regexp.MustCompile(`playing at (http://[^/ ]+)/`)

// startServe starts bin serving the database conn on a free port, trusting
// 127.0.0.1 as a proxy, so that each request names a client of its own
// (see newClient) and the limits per client do not slow the test.
func startServe(t *testing.T, bin, conn string) *pgServer {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-postgres", conn, "-addr", "127.0.0.1:0", "-cache", "", "-trusted-proxy", "127.0.0.1/32")
	s := &pgServer{cmd: cmd, done: make(chan struct{}), stderr: new(lockedBuffer)}
	cmd.Stderr = s.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(stdout)
	line, err := out.ReadString('\n')
	if err != nil {
		cmd.Wait()
		t.Fatalf("farkle serve -postgres: %v; stderr:\n%s", err, s.stderr)
	}
	m := playingAt.FindStringSubmatch(line)
	if m == nil {
		cmd.Process.Kill()
		t.Fatalf("farkle serve said %q", line)
	}
	s.base = m[1]
	go func() {
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-s.done
		if t.Failed() {
			t.Logf("%s wrote:\n%s", s.base, s.stderr)
		}
	})
	return s
}

// kill kills the server with SIGKILL and waits for it to exit.
func (s *pgServer) kill() {
	s.cmd.Process.Kill()
	<-s.done
}

// forwarded is a RoundTripper that names a new client in each request's
// X-Forwarded-For.
type forwarded struct{ n atomic.Uint32 }

func (f *forwarded) RoundTrip(r *http.Request) (*http.Response, error) {
	n := f.n.Add(1)
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", byte(n>>16), byte(n>>8), byte(n)))
	return http.DefaultTransport.RoundTrip(r)
}

var pgClient = &http.Client{Transport: new(forwarded), Timeout: guardWait}

// pgState is the part of a game's state that the test reads.
type pgState struct {
	ID        string `json:"id"`
	Current   int    `json:"current"`
	TurnTotal int    `json:"turn_total"`
	Dice      []int  `json:"dice"`
	CanBank   bool   `json:"can_bank"`
	Over      bool   `json:"over"`
	NumEvents int    `json:"num_events"`
	Keeps     []struct {
		Dice []int `json:"dice"`
	} `json:"keeps"`
	Players []struct {
		Score int `json:"score"`
	} `json:"players"`
}

// same reports whether two states are the same; the roll's dice compare
// as a hand, not in the order rolled, which a server that reads the game
// from the database does not have (it shows them sorted).
func same(a, b pgState) bool {
	a.Dice, b.Dice = slices.Sorted(slices.Values(a.Dice)), slices.Sorted(slices.Values(b.Dice))
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// pgGame is a game of two human players, their tokens in seat order.
type pgGame struct {
	id     string
	tokens []string
}

// request makes a request and returns the status and body; an error is
// the server's not answering.
func request(method, url, token string, events int, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set(web.TokenHeader, token)
	}
	if events >= 0 {
		req.Header.Set(web.EventsHeader, fmt.Sprint(events))
	}
	res, err := pgClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// farTarget is a target that the tests of moves do not reach.
const farTarget = 100_000

// newGame creates a game of two humans on s, to target.
func newGame(t *testing.T, s *pgServer, target int) pgGame {
	t.Helper()
	req := map[string]any{"rules": "app", "target": target, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}
	for {
		status, body, err := request("POST", s.base+"/api/games", "", -1, req)
		if err != nil {
			t.Fatalf("create on %s: %v", s.base, err)
		}
		if status == http.StatusServiceUnavailable {
			continue // overloaded: nothing was made
		}
		if status != http.StatusCreated {
			t.Fatalf("create on %s: %d %s", s.base, status, body)
		}
		var c struct {
			ID    string `json:"id"`
			Seats []struct {
				Token string `json:"token"`
			} `json:"seats"`
		}
		if err := json.Unmarshal(body, &c); err != nil {
			t.Fatal(err)
		}
		return pgGame{c.ID, []string{c.Seats[0].Token, c.Seats[1].Token}}
	}
}

// state reads a game's state from s.
func state(t *testing.T, s *pgServer, g pgGame) pgState {
	t.Helper()
	status, body, err := request("GET", s.base+"/api/games/"+g.id, "", -1, nil)
	if err != nil || status != http.StatusOK {
		t.Fatalf("state of %s on %s: %d %s %v", g.id, s.base, status, body, err)
	}
	var st pgState
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// move sends the next move of a simple player in the state st to s: keep
// the best keep, bank from 300 on, or roll; with X-Farkle-Events if
// events is 0 or more. It returns the status and, on 200, the new state.
func move(s *pgServer, g pgGame, st pgState, events int) (int, pgState, []byte, error) {
	path, body := "/roll", any(nil)
	switch {
	case len(st.Dice) > 0:
		path, body = "/keep", map[string][]int{"dice": st.Keeps[0].Dice}
	case st.CanBank && st.TurnTotal >= 300:
		path = "/bank"
	}
	status, data, err := request("POST", s.base+"/api/games/"+g.id+path, g.tokens[st.Current], events, body)
	var next pgState
	if err == nil && status == http.StatusOK {
		err = json.Unmarshal(data, &next)
	}
	return status, next, data, err
}

// mustMove makes the next move on s, again while s is overloaded (503:
// nothing was done).
func mustMove(t *testing.T, s *pgServer, g pgGame, st pgState) pgState {
	t.Helper()
	for {
		status, next, body, err := move(s, g, st, st.NumEvents)
		if err != nil {
			t.Fatalf("move on %s: %v", s.base, err)
		}
		switch status {
		case http.StatusOK:
			return next
		case http.StatusServiceUnavailable:
			continue
		}
		t.Fatalf("move on %s: %d %s", s.base, status, body)
	}
}

// errorCode returns the code of an error's body.
func errorCode(body []byte) string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(body, &e)
	return e.Error.Code
}

// openStream opens the event stream of game id on srv, until ctx is
// done.
func openStream(ctx context.Context, t *testing.T, srv *pgServer, id string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", srv.base+"/api/games/"+id+"/stream", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := (&http.Client{Transport: pgClient.Transport}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		t.Fatalf("the stream of %s on %s: %d %s", id, srv.base, res.StatusCode, body)
	}
	return res
}

// A game made on a, streamed from b: a's moves reach b's stream.
func testStreamFollows(t *testing.T, a, b *pgServer) {
	g := newGame(t, a, farTarget)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res := openStream(ctx, t, b, g.id)
	defer res.Body.Close()
	updates := make(chan pgState)
	go func() {
		defer close(updates)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var m struct {
				State *pgState `json:"state"`
			}
			if json.Unmarshal([]byte(data), &m) == nil && m.State != nil {
				select {
				case updates <- *m.State:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	next := func() pgState {
		t.Helper()
		select {
		case st, ok := <-updates:
			if !ok {
				t.Fatal("b's stream ended")
			}
			return st
		case <-time.After(guardWait):
			t.Fatalf("no update on b's stream in %v", guardWait)
		}
		return pgState{}
	}
	st := next()
	if st.NumEvents != 0 {
		t.Fatalf("b's first update: %d events, want 0", st.NumEvents)
	}
	for range 5 {
		want := mustMove(t, a, g, st)
		for st.NumEvents < want.NumEvents {
			st = next()
		}
		if !same(st, want) {
			t.Fatalf("b streamed %+v\nafter a answered %+v", st, want)
		}
	}
}

// The same move sent at once to a and b, with the same X-Farkle-Events:
// one is made, the other refused with 409 stale.
func testConcurrentMoves(t *testing.T, a, b *pgServer) {
	g := newGame(t, a, farTarget)
	st := state(t, a, g)
	servers := []*pgServer{a, b}
	won := map[string]int{}
	for round := 0; round < 100 && (won[a.base] == 0 || won[b.base] == 0 || round < 20); round++ {
		type answer struct {
			status int
			next   pgState
			body   []byte
			err    error
		}
		answers := make([]answer, 2)
		var wg sync.WaitGroup
		for i, s := range servers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var ans answer
				ans.status, ans.next, ans.body, ans.err = move(s, g, st, st.NumEvents)
				answers[i] = ans
			}()
		}
		wg.Wait()
		winner := -1
		overloaded := false
		for i, ans := range answers {
			switch {
			case ans.err != nil:
				t.Fatalf("round %d: move on %s: %v", round, servers[i].base, ans.err)
			case ans.status == http.StatusServiceUnavailable:
				overloaded = true // nothing done: the round tells nothing
			case ans.status == http.StatusOK && winner >= 0:
				t.Fatalf("round %d: both servers made the move at %d events: %+v and %+v", round, st.NumEvents, answers[winner].next, ans.next)
			case ans.status == http.StatusOK:
				winner = i
			case ans.status != http.StatusConflict || errorCode(ans.body) != web.CodeStale:
				t.Fatalf("round %d: move on %s: %d %s, want 200 or 409 %s", round, servers[i].base, ans.status, ans.body, web.CodeStale)
			}
		}
		switch {
		case winner >= 0:
			won[servers[winner].base]++
			st = answers[winner].next
		case overloaded:
		default:
			t.Fatalf("round %d: neither server made the move at %d events: %s and %s", round, st.NumEvents, answers[0].body, answers[1].body)
		}
	}
	t.Logf("moves made: %v", won)
	// Both servers tell the same game.
	until := time.Now().Add(guardWait)
	for {
		sa, sb := state(t, a, g), state(t, b, g)
		if same(sa, st) && same(sb, st) {
			break
		}
		if time.Now().After(until) {
			t.Fatalf("after the races: a %+v, b %+v, want %+v", sa, sb, st)
		}
	}
}

// Moves on many games through a, a killed with SIGKILL mid-burst: b has
// every move that a acknowledged, and takes the games' next moves.
func testKillMidBurst(t *testing.T, a, b *pgServer) {
	const games, killAfter = 12, 60
	gs := make([]pgGame, games)
	acked := make([]pgState, games) // the last state that a acknowledged
	for i := range gs {
		gs[i] = newGame(t, a, farTarget)
		acked[i] = state(t, a, gs[i])
		if i%2 == 0 {
			state(t, b, gs[i]) // b holds half of them from the start
		}
	}
	var acks atomic.Int64
	killed := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for i := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := acked[i]
			for {
				status, next, body, err := move(a, gs[i], st, -1)
				switch {
				case err != nil:
					return // a is gone: this move is not acknowledged
				case status == http.StatusServiceUnavailable:
					continue
				case status != http.StatusOK:
					t.Errorf("game %s: move on a: %d %s", gs[i].id, status, body)
					return
				}
				st, acked[i] = next, next
				if acks.Add(1) == killAfter {
					once.Do(func() {
						a.kill()
						close(killed)
					})
				}
			}
		}()
	}
	wg.Wait()
	select {
	case <-killed:
	default:
		t.Fatalf("a stopped answering after %d moves, before it was killed", acks.Load())
	}
	t.Logf("a acknowledged %d moves before it was killed", acks.Load())
	for i, g := range gs {
		// b reads the games it did not hold from the database; those it
		// held it has from a's notifications, which may come after the
		// kill.
		st := state(t, b, g)
		for until := time.Now().Add(guardWait); i%2 == 0 && st.NumEvents < acked[i].NumEvents && time.Now().Before(until); {
			st = state(t, b, g)
		}
		switch {
		case st.NumEvents < acked[i].NumEvents:
			t.Errorf("game %s (held by b: %v): b has %d events, a acknowledged %d", g.id, i%2 == 0, st.NumEvents, acked[i].NumEvents)
			continue
		case st.NumEvents == acked[i].NumEvents && !same(st, acked[i]):
			t.Errorf("game %s: b has %+v, a acknowledged %+v", g.id, st, acked[i])
			continue
		}
		// b goes on: a move made by a after its last answer may reach b
		// after b read the state (409 stale, then read again).
		for n, until := 0, time.Now().Add(guardWait); n < 3; {
			if time.Now().After(until) {
				t.Fatalf("game %s: b still refuses moves as stale after %v", g.id, guardWait)
			}
			status, next, body, err := move(b, g, st, st.NumEvents)
			switch {
			case err != nil:
				t.Fatalf("game %s: move on b: %v", g.id, err)
			case status == http.StatusOK:
				st = next
				n++
			case status == http.StatusServiceUnavailable:
			case status == http.StatusConflict && errorCode(body) == web.CodeStale:
				st = state(t, b, g)
			default:
				t.Fatalf("game %s: move on b after a's kill: %d %s", g.id, status, body)
			}
		}
	}
}
