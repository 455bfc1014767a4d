package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/game"
)

// smallBufListener makes the send buffer of each connection that it
// accepts small, so that a client that stops reading stalls the
// server's writes at once rather than after megabytes of buffers.
type smallBufListener struct{ net.Listener }

func (l smallBufListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	return c, err
}

// newSmallBufTest is newTest with smallBufListener.
func newSmallBufTest(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	cfg = withStore(cfg)
	if cfg.Rate == 0 {
		cfg.Rate = -1
	}
	cfg.Logf = t.Logf
	s, err := New(calm(cfg))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Listener = smallBufListener{ts.Listener}
	ts.Config.RegisterOnShutdown(s.Close)
	ts.Start()
	t.Cleanup(func() {
		s.Close()
		ts.CloseClientConnections()
		ts.Close()
		s.Release()
	})
	return s, ts
}

// longGame makes a game of at least n events, made by bots without the
// API, and saved; the human (seat 0) is to play.
func longGame(t *testing.T, s *Server, base string, n int) created {
	t.Helper()
	c := createTarget(t, base, maxTarget, KindHuman, KindThreshold)
	e := held(t, s, c.ID)
	e.mu.Lock()
	defer e.mu.Unlock()
	for e.g.NumEvents() < n || e.g.View().Current() != 0 {
		if err := e.g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.persist(e); err != nil {
		t.Fatal(err)
	}
	return c
}

// numStreams returns the open event streams that s counts.
func numStreams(s *Server) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.streams
}

// waitFor polls cond every 10 ms for up to d, and reports whether it
// became true.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); ; time.Sleep(10 * time.Millisecond) {
		if cond() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

// rawStream opens an event stream of game id over a connection of its
// own, with a small receive buffer, sends the request and returns the
// connection without reading.
func rawStream(t *testing.T, base, path string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: farkle\r\n\r\n", path)
	return c
}

// A client that opens a stream of a long history and stops reading holds
// no goroutine, slot or buffer for ever: the stream's write times out
// after StreamWriteTimeout and the stream ends; meanwhile and after,
// other clients are served.
func TestAttackStalledStream(t *testing.T) {
	s, ts := newSmallBufTest(t, Config{MaxEvents: MaxMaxEvents, StreamWriteTimeout: 300 * time.Millisecond, MaxClientStreams: 2})
	c := longGame(t, s, ts.URL, 4*MaxPage)
	stalled := rawStream(t, ts.URL, "/api/games/"+c.ID+"/stream?since=0")
	if !waitFor(guard, func() bool { return numStreams(s) == 1 }) {
		t.Fatal("the stream did not open")
	}
	// Served meanwhile: a move of another game.
	other := create(t, ts.URL, KindHuman, KindThreshold)
	if _, status := playMove(t, nil, ts.URL, other.ID, other.Seats[0].Token, other.State); status != 200 {
		t.Fatalf("another game's move: %d", status)
	}
	t0 := time.Now()
	if !waitFor(guard, func() bool { return numStreams(s) == 0 }) {
		t.Fatal("the stalled stream is still open a minute later")
	}
	t.Logf("the stalled stream ended after %v", time.Since(t0))
	// What it got is a prefix of the stream, then the end of the
	// connection.
	stalled.SetReadDeadline(time.Now().Add(guard))
	got, err := io.ReadAll(stalled)
	if err != nil && !strings.Contains(err.Error(), "reset") {
		t.Fatalf("reading the stalled stream: %v", err)
	}
	if !strings.HasPrefix(string(got), "HTTP/1.1 200 OK") {
		t.Errorf("the stalled stream got %.100q", got)
	}
	// The client resumes: a stream from the events it has.
	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream?since=" + fmt.Sprint(c.State.NumEvents))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("the stream again: %d", res.StatusCode)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "event: update\n" {
		t.Fatalf("the stream again: %q, %v", line, err)
	}
}

// heapInUse returns the heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// Open streams hold no more than a small buffer each once they have sent
// their catch-up, and everything returns once they close: the streams'
// counts, the game's subscribers, the goroutines and the heap.
func TestStreamMemory(t *testing.T) {
	const n = 40
	s, ts := newTest(t, Config{MaxEvents: MaxMaxEvents, MaxClientStreams: n, MaxStreams: n})
	c := longGame(t, s, ts.URL, 3*MaxPage)
	tr := &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}
	client := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	goroutines := runtime.NumGoroutine()
	before := heapInUse()
	var bodies []io.ReadCloser
	for range n {
		res, err := client.Get(ts.URL + "/api/games/" + c.ID + "/stream?since=0")
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, res.Body)
		// Read the catch-up: the pages of every event.
		rd := bufio.NewReader(res.Body)
		for seen := 0; seen < 3; {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(line, "data: ") {
				seen++
			}
		}
	}
	open := heapInUse()
	per := (int64(open) - int64(before)) / n
	t.Logf("heap: %d KiB before, %d KiB with %d streams open (%d KiB each)", before>>10, open>>10, n, per>>10)
	if per > 64<<10 {
		t.Errorf("each open stream holds %d KiB of heap, want at most 64", per>>10)
	}
	for _, b := range bodies {
		b.Close()
	}
	tr.CloseIdleConnections()
	if !waitFor(guard, func() bool { return numStreams(s) == 0 }) {
		t.Fatalf("%d streams still counted", numStreams(s))
	}
	e := held(t, s, c.ID)
	e.mu.Lock()
	subs := len(e.subs)
	e.mu.Unlock()
	s.mu.RLock()
	clients := len(s.clientStreams)
	s.mu.RUnlock()
	if subs != 0 || clients != 0 {
		t.Errorf("after the streams closed: %d subscribers, %d clients counted", subs, clients)
	}
	if !waitFor(guard, func() bool { return runtime.NumGoroutine() <= goroutines+2 }) {
		t.Errorf("%d goroutines, %d before the streams", runtime.NumGoroutine(), goroutines)
	}
	after := heapInUse()
	t.Logf("heap: %d KiB after the streams closed", after>>10)
	if after > before+4<<20 {
		t.Errorf("heap %d KiB after the streams closed, %d KiB before", after>>10, before>>10)
	}
}

// A stream that the server ends says why, with the since to resume
// from: not_found for a game that expired, shutdown for a server that
// stops.
func TestStreamEnd(t *testing.T) {
	s, ts := newTest(t, Config{FinishedTTL: time.Hour, IdleTTL: time.Hour})
	for _, tc := range []struct {
		reason string
		end    func()
	}{
		{"not_found", func() { s.sweep(time.Now().Add(2 * time.Hour)) }},
		{"shutdown", s.Close},
	} {
		c := create(t, ts.URL, KindHuman, KindThreshold)
		res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream")
		if err != nil {
			t.Fatal(err)
		}
		rd := bufio.NewReader(res.Body)
		if line, err := rd.ReadString('\n'); err != nil || line != "event: update\n" {
			t.Fatalf("%q, %v", line, err)
		}
		tc.end()
		rest, err := io.ReadAll(rd)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("event: end\ndata: {\"reason\":%q,\"next\":%d}\n\n", tc.reason, c.State.NumEvents)
		if !strings.HasSuffix(string(rest), want) {
			t.Errorf("%s: the stream ends with %q, want %q", tc.reason, rest[max(0, len(rest)-80):], want)
		}
	}
}

// The connections fit within the file limit: fdBase and fdWrites files
// left, and one to refuse with; at least half the limit; as configured
// when the limit is unknown or large.
func TestFitConns(t *testing.T) {
	for _, tc := range []struct {
		max   int
		limit uint64
		want  int
	}{
		{12_000, 0, 12_000},
		{12_000, 1 << 20, 12_000},
		{12_000, 12_000 + fdBase + fdWrites + 1, 12_000},
		{12_000, 12_000 + fdBase + fdWrites, 11_999},
		{12_000, 4096, 4096 - fdBase - fdWrites - 1},
		{12_000, 1024, 512},
		{12_000, 256, 128},
		{100, 256, 100},
		{12_000, 1, 0},
	} {
		if got := fitConns(tc.max, tc.limit); got != tc.want {
			t.Errorf("fitConns(%d, %d) = %d, want %d", tc.max, tc.limit, got, tc.want)
		}
	}
}

// An event stream outlives the server's WriteTimeout (which Run sets for
// every other answer) and the StreamWriteTimeout between its messages:
// each write has a deadline of its own.
func TestStreamOutlivesWriteTimeout(t *testing.T) {
	s, err := New(calm(Config{Store: newMemStore(), Rate: -1, Logf: t.Logf, Heartbeat: 100 * time.Millisecond, StreamWriteTimeout: 150 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Config.WriteTimeout = 200 * time.Millisecond
	ts.Config.RegisterOnShutdown(s.Close)
	ts.Start()
	defer func() { ts.Close(); s.Release() }()
	// The create and the move go through a server of the same games
	// without the WriteTimeout: a move's answer waits for the disk, which
	// a loaded machine may hold for longer than 200 ms.
	api := httptest.NewServer(s)
	defer api.Close()
	c := create(t, api.URL, KindHuman, KindThreshold)
	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	rd := bufio.NewReader(res.Body)
	t0 := time.Now()
	beats := 0
	// Twice the WriteTimeout, and heartbeats past it.
	for time.Since(t0) < 2*ts.Config.WriteTimeout || beats < 3 {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("after %v and %d heartbeats: %v", time.Since(t0), beats, err)
		}
		if line == ": keep-alive\n" {
			beats++
		}
	}
	// A move is still sent.
	if _, st := playMove(t, nil, api.URL, c.ID, c.Seats[0].Token, c.State); st != 200 {
		t.Fatalf("move: %d", st)
	}
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if line == "event: update\n" {
			break
		}
	}
}

// Every answer has the CSP and nosniff: pages, files, the API's answers
// and refusals (404, 405, 400, 413, 429, 503), and the 404 of no route;
// every 429 and 503 has Retry-After, and others are served meanwhile.
func TestHeadersOnEveryAnswer(t *testing.T) {
	_, ts := newTest(t, Config{MaxGames: 1, MaxBody: 512})
	c := create(t, ts.URL, KindHuman)
	_, limited := newTest(t, Config{Rate: 0.001, Burst: 1})
	big := `{"seats":[{"kind":"human","name":"` + strings.Repeat("x", 600) + `"}]}`
	for _, tc := range []struct {
		method, url, body string
		status            int
	}{
		{"GET", ts.URL + "/", "", 200},
		{"GET", ts.URL + "/g/" + c.ID, "", 200},
		{"GET", ts.URL + "/static/app.js", "", 200},
		{"GET", ts.URL + "/api/games/" + c.ID, "", 200},
		{"GET", ts.URL + "/api/games/0123456789abcdef01234567", "", 404},
		{"GET", ts.URL + "/nothing", "", 404},
		{"DELETE", ts.URL + "/api/games/" + c.ID, "", 405},
		{"POST", ts.URL + "/api/games", "{", 400},
		{"POST", ts.URL + "/api/games", big, 413},
		{"POST", ts.URL + "/api/games", `{"seats":[{"kind":"human"}]}`, 503}, // MaxGames
		{"GET", limited.URL + "/", "", 200},
		{"GET", limited.URL + "/", "", 429},
	} {
		var body any
		if tc.body != "" {
			body = tc.body
		}
		r := call(t, nil, tc.method, tc.url, "", body)
		if r.status != tc.status {
			t.Errorf("%s %s: %d, want %d (%s)", tc.method, tc.url, r.status, tc.status, r.body)
		}
		if r.header.Get("Content-Security-Policy") != csp || r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: %d without the CSP or nosniff: %v", tc.method, tc.url, r.status, r.header)
		}
		if (r.status == 429 || r.status == 503) && r.header.Get("Retry-After") == "" {
			t.Errorf("%s %s: %d without Retry-After", tc.method, tc.url, r.status)
		}
	}
	// A HEAD of a stream: its headers, at once.
	if r := call(t, nil, "HEAD", ts.URL+"/api/games/"+c.ID+"/stream", "", nil); r.status != 200 || r.header.Get("Content-Type") != "text/event-stream" {
		t.Errorf("HEAD of a stream: %d %v", r.status, r.header)
	}
	// The game held is still played while creates are refused.
	if _, st := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State); st != 200 {
		t.Errorf("a move while the server is full: %d", st)
	}
}

// A stream's catch-up is paced by the client's rate limit: each page
// after the first costs a request, so that one stream cannot make the
// server encode a whole history at once; another client is served
// meanwhile, and its own catch-up is not slowed.
func TestAttackCatchUpPaced(t *testing.T) {
	const rate = 20
	s, ts := newTest(t, Config{MaxEvents: MaxMaxEvents, Rate: rate, Burst: 1})
	c := longGame(t, s, ts.URL, 5*MaxPage+1) // 6 pages
	// catchUp reads the 6 pages of a stream from since=0.
	catchUp := func(client *http.Client) (time.Duration, error) {
		t0 := time.Now()
		res, err := client.Get(ts.URL + "/api/games/" + c.ID + "/stream?since=0")
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		if res.StatusCode != 200 {
			return 0, fmt.Errorf("stream: %d", res.StatusCode)
		}
		rd := bufio.NewReader(res.Body)
		for pages := 0; pages < 6; {
			line, err := rd.ReadString('\n')
			if err != nil {
				return 0, err
			}
			if strings.HasPrefix(line, "data: ") {
				pages++
			}
		}
		return time.Since(t0), nil
	}
	// The request takes the one token: each of the 5 pages after the
	// first waits for one, 1/rate apart.
	type result struct {
		d   time.Duration
		err error
	}
	done := make(chan result, 1)
	attacker := fromAddr(t, "127.0.0.2")
	go func() {
		d, err := catchUp(attacker)
		done <- result{d, err}
	}()
	time.Sleep(50 * time.Millisecond)
	other := fromAddr(t, "127.0.0.3")
	if st := call(t, other, "GET", ts.URL+"/api/games/"+c.ID+"?lang=en", "", nil).status; st != 200 {
		t.Errorf("another client during the catch-up: %d", st)
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	t.Logf("a catch-up of 6 pages at %d requests a second: %v", rate, r.d)
	if min := 5 * time.Second / rate * 8 / 10; r.d < min {
		t.Errorf("a catch-up of 6 pages in %v, want at least %v", r.d, min)
	}
}

// Run warns of trusted proxies that take in every address and of
// metrics served beyond the loopback.
func TestConfigWarnings(t *testing.T) {
	all, _ := ParseTrustedProxies("0.0.0.0/0")
	some, _ := ParseTrustedProxies("10.0.0.0/8,::1")
	for _, tc := range []struct {
		cfg  Config
		want int
	}{
		{Config{}, 0},
		{Config{TrustedProxies: some, MetricsAddr: "127.0.0.1:9090"}, 0},
		{Config{MetricsAddr: "[::1]:9090"}, 0},
		{Config{MetricsAddr: "localhost:9090"}, 0},
		{Config{TrustedProxies: all}, 1},
		{Config{MetricsAddr: ":9090"}, 1},
		{Config{MetricsAddr: "0.0.0.0:9090"}, 1},
		{Config{MetricsAddr: "203.0.113.5:9090", TrustedProxies: all}, 2},
	} {
		if got := configWarnings(tc.cfg); len(got) != tc.want {
			t.Errorf("%+v: %q, want %d warnings", tc.cfg, got, tc.want)
		}
	}
}
