package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/farkle-go/farkle/game"
)

// playToLimit plays the game c until a move is refused, and returns the
// last state and the refusal.
func playToLimit(t *testing.T, base string, c created) (stateJSON, resp) {
	t.Helper()
	st := c.State
	for range 10_000 {
		var r resp
		switch {
		case len(st.Dice) > 0:
			r = call(t, nil, "POST", base+"/api/games/"+c.ID+"/keep", c.Seats[0].Token, keepRequest{Dice: intsOf(st.Keeps[0].Dice)})
		case st.CanBank && st.TurnTotal >= 300:
			r = call(t, nil, "POST", base+"/api/games/"+c.ID+"/bank", c.Seats[0].Token, nil)
		default:
			r = call(t, nil, "POST", base+"/api/games/"+c.ID+"/roll", c.Seats[0].Token, nil)
		}
		if r.status != 200 {
			return st, r
		}
		r.decode(t, &st)
	}
	t.Fatal("no refusal in 10,000 moves")
	return st, resp{}
}

// A game that reaches MaxEvents refuses moves with game_too_long, and is
// found whole after a restart.
func TestGameLimit(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{Store: memStoreAt(dir), MaxEvents: 60})
	c := createTarget(t, ts1.URL, maxTarget, KindHuman, KindThreshold)
	st, r := playToLimit(t, ts1.URL, c)
	r.wantError(t, http.StatusConflict, CodeGameTooLong)
	if st.NumEvents < 60 {
		t.Fatalf("refused at %d events, below the limit", st.NumEvents)
	}
	ts1.Close()
	s1.Release()

	_, ts2 := newTest(t, Config{Store: memStoreAt(dir), MaxEvents: 60})
	var again stateJSON
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).decode(t, &again)
	if again.NumEvents != st.NumEvents || again.Players[0].Score != st.Players[0].Score {
		t.Fatalf("after the restart: %d events, %d before", again.NumEvents, st.NumEvents)
	}
	_, r = playToLimit(t, ts2.URL, created{ID: c.ID, Seats: c.Seats, State: again})
	r.wantError(t, http.StatusConflict, CodeGameTooLong)

	// The target is bounded so that a game fits.
	call(t, nil, "POST", ts2.URL+"/api/games", "", createRequest{Target: maxTarget + 1, Seats: []seatRequest{{Kind: KindHuman}}}).wantError(t, 400, CodeInvalid)
	if _, err := New(Config{Store: newMemStore(), MaxEvents: MaxMaxEvents + 1}); err == nil {
		t.Error("New took MaxEvents above MaxMaxEvents")
	}
}

// The history comes in pages: since and limit, with next and more; a
// client that sends only since gets the first page.
func TestEventsPages(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := createTarget(t, ts.URL, maxTarget, KindHuman, KindThreshold)
	st := c.State
	for st.NumEvents < 30 {
		st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st)
	}
	url := ts.URL + "/api/games/" + c.ID + "/events"
	var all eventsResponse
	call(t, nil, "GET", url+"?since=0", "", nil).decode(t, &all)
	if len(all.Events) != st.NumEvents || all.More || all.Next != st.NumEvents || all.NumEvents != st.NumEvents {
		t.Fatalf("since=0: %d events, next %d, more %v; the game has %d", len(all.Events), all.Next, all.More, st.NumEvents)
	}
	var got []eventJSON
	for since := 0; ; {
		var p eventsResponse
		call(t, nil, "GET", fmt.Sprintf("%s?since=%d&limit=7", url, since), "", nil).decode(t, &p)
		if len(p.Events) > 7 || p.Next != since+len(p.Events) || p.More != (p.Next < st.NumEvents) {
			t.Fatalf("since %d: %d events, next %d, more %v", since, len(p.Events), p.Next, p.More)
		}
		got = append(got, p.Events...)
		if !p.More {
			break
		}
		since = p.Next
	}
	if len(got) != len(all.Events) {
		t.Fatalf("the pages have %d events, the history %d", len(got), len(all.Events))
	}
	for i := range got {
		if got[i] != all.Events[i] || got[i].Seq != i {
			t.Fatalf("event %d: %+v in the pages, %+v in the history", i, got[i], all.Events[i])
		}
	}
	for _, q := range []string{"limit=0", "limit=-1", "limit=x", "limit=1e3", "since=99999"} {
		call(t, nil, "GET", url+"?"+q, "", nil).wantError(t, 400, CodeInvalid)
	}
	var big eventsResponse
	call(t, nil, "GET", url+"?limit=999999", "", nil).decode(t, &big)
	if len(big.Events) != st.NumEvents {
		t.Errorf("a limit above MaxPage: %d events", len(big.Events))
	}
}

// A long history: the answer of /events is a page of it, and a stream's
// catch-up comes in pages, each event once and in order, while other
// clients are served.
func TestAttackLongHistory(t *testing.T) {
	s, ts := newTest(t, Config{MaxEvents: MaxMaxEvents})
	c := createTarget(t, ts.URL, maxTarget, KindHuman, KindThreshold)
	// The history made long without the API: bots play the human's
	// turns too, then the log is written afresh.
	e := held(t, s, c.ID)
	e.mu.Lock()
	for e.g.NumEvents() < 3*MaxPage+100 || e.g.View().Current() != 0 {
		if err := e.g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.persist(e); err != nil {
		t.Fatal(err)
	}
	n := e.g.NumEvents()
	e.mu.Unlock()

	r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/events?since=0", "", nil)
	var p eventsResponse
	r.decode(t, &p)
	if len(p.Events) != DefaultPage || !p.More || p.Next != DefaultPage || p.NumEvents != n {
		t.Fatalf("since=0 of %d events: %d events, next %d, more %v", n, len(p.Events), p.Next, p.More)
	}
	other := create(t, ts.URL, KindHuman, KindThreshold)
	if _, status := playMove(t, nil, ts.URL, other.ID, other.Seats[0].Token, other.State); status != 200 {
		t.Fatalf("another game's move: %d", status)
	}

	res, err := http.Get(ts.URL + "/api/games/" + c.ID + "/stream?since=0")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	rd := bufio.NewReader(res.Body)
	seen, updates := 0, 0
	for seen < n {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		data, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "data: ")
		if !ok {
			continue
		}
		var msg streamMessage
		if err := json.Unmarshal([]byte(data), &msg); err != nil {
			t.Fatal(err)
		}
		updates++
		if len(msg.Events) > MaxPage {
			t.Fatalf("an update of %d events", len(msg.Events))
		}
		for _, ev := range msg.Events {
			if ev.Seq != seen {
				t.Fatalf("event %d, want %d", ev.Seq, seen)
			}
			seen++
		}
	}
	if want := (n + MaxPage - 1) / MaxPage; updates != want {
		t.Errorf("%d events in %d updates, want %d", n, updates, want)
	}
}

// fromAddr returns an HTTP client whose connections come from the
// loopback address ip, or skips the test where it cannot bind one.
func fromAddr(t *testing.T, ip string) *http.Client {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("cannot bind %s: %v", ip, err)
	}
	ln.Close()
	c, tr := clientFrom(net.ParseIP(ip), 10*time.Second)
	t.Cleanup(tr.CloseIdleConnections)
	return c
}

// Event streams from one address: past MaxClientStreams, 429 and
// too_many_streams; another address still gets its stream, and a move
// is served.
func TestAttackStreams(t *testing.T) {
	_, ts := newTest(t, Config{MaxClientStreams: 3, MaxStreams: 5})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	url := ts.URL + "/api/games/" + c.ID + "/stream"
	open := func(client *http.Client) *http.Response {
		t.Helper()
		res, err := client.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	attacker := fromAddr(t, "127.0.0.2")
	for i := range 3 {
		if res := open(attacker); res.StatusCode != 200 {
			t.Fatalf("stream %d: %d", i, res.StatusCode)
		}
	}
	for range 3 {
		res := open(attacker)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("a stream over the client's cap: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
		}
		b, _ := io.ReadAll(res.Body)
		if !strings.Contains(string(b), CodeTooManyStreams) {
			t.Fatalf("body %s", b)
		}
	}
	other := fromAddr(t, "127.0.0.3")
	if res := open(other); res.StatusCode != 200 {
		t.Fatalf("another client's stream: %d", res.StatusCode)
	}
	if _, status := playMove(t, other, ts.URL, c.ID, c.Seats[0].Token, c.State); status != 200 {
		t.Fatalf("a move: %d", status)
	}
	// The global cap: 503.
	third := fromAddr(t, "127.0.0.4")
	open(third)
	if res := open(third); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stream over the global cap: %d", res.StatusCode)
	}
}

// Connections from one address: past MaxClientConns each new one is
// answered 429 and closed, while another address is served; past
// MaxConns, 503.
func TestAttackConns(t *testing.T) {
	s, err := New(calm(Config{Store: newMemStore(), Rate: -1, Logf: t.Logf, MaxClientConns: 5, MaxConns: 8}))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Listener = s.LimitListener(ts.Listener)
	ts.Config.ReadHeaderTimeout = 5 * time.Second
	ts.Start()
	t.Cleanup(func() { ts.Close(); s.Release() })
	addr := ts.Listener.Addr().String()
	dial := func(ip string) net.Conn {
		t.Helper()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Skipf("cannot dial from %s: %v", ip, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// readAnswer reads the answer of a connection refused, up to its end
	// (one accepted ends, with nothing, at the ReadHeaderTimeout).
	readAnswer := func(c net.Conn) string {
		b, _ := io.ReadAll(c)
		return string(b)
	}
	// Dribbling connections: opened, no request.
	// The listener takes the connections in the order they were made:
	// these are counted before the next one.
	for range 5 {
		dial("127.0.0.2")
	}
	over := dial("127.0.0.2")
	if a := readAnswer(over); !strings.HasPrefix(a, "HTTP/1.1 429 ") || !strings.Contains(a, "Retry-After:") || !strings.Contains(a, CodeTooManyConns) {
		t.Fatalf("a connection over the client's cap: %q", a)
	}
	client := fromAddr(t, "127.0.0.3")
	r := call(t, client, "POST", ts.URL+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman}}})
	if r.status != http.StatusCreated {
		t.Fatalf("another client: %d %s", r.status, r.body)
	}
	// The global cap: 5 + 1 (the other client's) + 2 more.
	dial("127.0.0.4")
	dial("127.0.0.4")
	if a := readAnswer(dial("127.0.0.5")); !strings.HasPrefix(a, "HTTP/1.1 503 ") {
		t.Fatalf("a connection over the global cap: %q", a)
	}
	var buf strings.Builder
	w := bufio.NewWriter(&buf)
	s.writeMetrics(w)
	w.Flush()
	for _, want := range []string{`farkle_refusals_total{code="too_many_connections"} 1`, `farkle_refusals_total{code="unavailable"} 1`, "farkle_connections 8"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the metrics lack %q:\n%s", want, buf.String())
		}
	}
}

// Creates from many clients at once never pass MaxGames: the place is
// taken before the game is made. Past it, 503; the games held still
// play.
func TestAttackCreates(t *testing.T) {
	s, ts := newTest(t, Config{MaxGames: 20, FinishedTTL: time.Hour, IdleTTL: time.Hour})
	var made, refused atomic.Int64
	var wg sync.WaitGroup
	var first created
	var once sync.Once
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				c, err := tryCreate(http.DefaultClient, ts.URL, 1000, KindHuman, KindThreshold)
				switch {
				case err == nil:
					made.Add(1)
					once.Do(func() { first = c })
				case strings.Contains(err.Error(), "503") && strings.Contains(err.Error(), CodeUnavailable):
					refused.Add(1)
				default:
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if made.Load() != 20 || refused.Load() != 60 || s.NumGames() != 20 {
		t.Fatalf("%d made, %d refused, %d held; want 20, 60, 20", made.Load(), refused.Load(), s.NumGames())
	}
	if _, status := playMove(t, nil, ts.URL, first.ID, first.Seats[0].Token, first.State); status != 200 {
		t.Fatalf("a move of a game held: %d", status)
	}
	// Once a game expires, a create is served again.
	if n, _ := s.sweep(time.Now().Add(2 * time.Hour)); n != 20 {
		t.Fatalf("%d games expired, want 20", n)
	}
	create(t, ts.URL, KindHuman)
}

// Finished games expire after FinishedTTL, idle ones after IdleTTL: gone
// from memory and disk, their streams ended; at start-up too.
func TestExpiry(t *testing.T) {
	dir := t.TempDir()
	s, ts := newTest(t, Config{Store: memStoreAt(dir), FinishedTTL: time.Hour, IdleTTL: 10 * time.Hour})
	now := time.Now()
	s.now = func() time.Time { return now }
	over := createTarget(t, ts.URL, 50, KindHuman, KindThreshold)
	st := over.State
	for !st.Over {
		var status int
		if st, status = playMove(t, nil, ts.URL, over.ID, over.Seats[0].Token, st); status != 200 {
			t.Fatalf("move: %d", status)
		}
	}
	idle := create(t, ts.URL, KindHuman, KindThreshold)
	res, err := http.Get(ts.URL + "/api/games/" + over.ID + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, res.Body); close(done) }()

	if n, _ := s.sweep(now.Add(59 * time.Minute)); n != 0 {
		t.Fatalf("%d games expired before their time", n)
	}
	if n, _ := s.sweep(now.Add(61 * time.Minute)); n != 1 {
		t.Fatalf("%d games expired after an hour, want the finished one", n)
	}
	call(t, nil, "GET", ts.URL+"/api/games/"+over.ID, "", nil).wantError(t, 404, CodeNotFound)
	if _, err := memStoreAt(dir).Load(context.Background(), over.ID, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("the expired game is still stored: %v", err)
	}
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatal("the expired game's stream did not end")
	}
	if s.NumGames() != 1 {
		t.Fatalf("%d games stored", s.NumGames())
	}
	ts.Close()
	s.Release()

	// Another Server on the store: the idle game, ten hours old by its
	// last record.
	s2, _ := newTest(t, Config{Store: memStoreAt(dir), FinishedTTL: time.Hour, IdleTTL: 10 * time.Hour})
	if s2.NumGames() != 1 {
		t.Fatalf("%d games stored, want the idle one", s2.NumGames())
	}
	if n, err := s2.sweep(now.Add(10*time.Hour + time.Minute)); n != 1 || err != nil {
		t.Fatalf("sweep: %d, %v; want the idle game", n, err)
	}
	if _, err := memStoreAt(dir).Load(context.Background(), idle.ID, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("the idle game is still stored: %v", err)
	}
}

// Under a slow store, moves past MaxQueueWait are refused at once with
// 503, overloaded and Retry-After, rather than queued; once the store
// keeps up, they are served. The store is held by the faultStore's hook,
// and the time that the writes have waited is the server's clock, moved
// on by the test: nothing depends on the machine's speed.
func TestBackpressure(t *testing.T) {
	logf, logs := logLines()
	s, ts := newTest(t, Config{MaxQueueWait: 50 * time.Millisecond, MaxCPUWait: -1, Logf: logf})
	var late atomic.Int64 // how far the server's clock is ahead
	s.now = func() time.Time { return time.Now().Add(time.Duration(late.Load())) }
	var hold atomic.Bool
	held, release := make(chan struct{}), make(chan struct{})
	hook := func() {
		if hold.Load() {
			held <- struct{}{}
			<-release
		}
	}
	faults(s).before.Store(&hook)
	var games []created
	for range 40 {
		games = append(games, create(t, ts.URL, KindHuman, KindThreshold))
	}
	roll := func(g created) resp {
		return call(t, nil, "POST", ts.URL+"/api/games/"+g.ID+"/roll", g.Seats[0].Token, nil)
	}
	// The store holds two writes, for longer than MaxQueueWait: the
	// state in which the server must refuse.
	hold.Store(true)
	answered := make(chan resp, 2)
	for _, g := range games[:2] {
		go func() { answered <- roll(g) }()
		<-held
	}
	late.Store(int64(time.Hour))
	// A burst while they wait: every move is refused at once, with
	// Retry-After, and logged.
	var wg sync.WaitGroup
	var refused atomic.Int64
	for _, g := range games[2:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := roll(g)
			if r.status != 503 {
				t.Errorf("status %d while the store is behind: %s", r.status, r.body)
				return
			}
			r.wantError(t, 503, CodeOverloaded)
			if r.header.Get("Retry-After") == "" {
				t.Error("a 503 without Retry-After")
			}
			refused.Add(1)
		}()
	}
	wg.Wait()
	if n := faults(s).writes.Load(); n != 40+2 {
		t.Errorf("%d writes asked of the store, want the 40 creates and the 2 moves held", n)
	}
	hold.Store(false)
	close(release)
	t.Logf("%d refused", refused.Load())
	if !strings.Contains(logs(), "overloaded (the store is behind)") {
		t.Errorf("the refusals not logged:\n%s", logs())
	}
	// The writes admitted before are made and answered, none refused.
	for range 2 {
		if r := <-answered; r.status != 200 {
			t.Errorf("an admitted move: status %d: %s", r.status, r.body)
		}
	}
	late.Store(0)
	if r := roll(games[2]); r.status != 200 {
		t.Errorf("refused once the store keeps up: status %d: %s", r.status, r.body)
	}
	// After an hour without a write, two moves at once are let in: the
	// wait counts from the first one's start, not from the last write.
	release = make(chan struct{})
	late.Store(int64(2 * time.Hour))
	hold.Store(true)
	waiting := 0
	for _, g := range games[3:5] {
		go func() { answered <- roll(g) }()
		select {
		case <-held:
			waiting++
		case r := <-answered: // refused before it reached the store
			t.Errorf("a move after an idle hour: status %d: %s", r.status, r.body)
		}
	}
	hold.Store(false)
	close(release)
	for range waiting {
		if r := <-answered; r.status != 200 {
			t.Errorf("a move after an idle hour: status %d: %s", r.status, r.body)
		}
	}
}

// The client of a request: the peer, or behind trusted proxies the last
// untrusted address of X-Forwarded-For; IPv6 clients by /64.
func TestClientKey(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.1")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{TrustedProxies: trusted}}
	plain := &Server{}
	for _, tc := range []struct {
		peer, xff      string
		want, wantNone string // with the trusted proxies, and without
	}{
		{"203.0.113.5:1234", "", "203.0.113.5", "203.0.113.5"},
		{"203.0.113.5:1234", "1.2.3.4", "203.0.113.5", "203.0.113.5"}, // not from a proxy: not believed
		{"10.1.2.3:1234", "1.2.3.4", "1.2.3.4", "10.1.2.3"},
		{"10.1.2.3:1234", "6.6.6.6, 1.2.3.4, 192.168.1.1", "1.2.3.4", "10.1.2.3"}, // forged from the left
		{"10.1.2.3:1234", "garbage, 1.2.3.4", "1.2.3.4", "10.1.2.3"},
		{"10.1.2.3:1234", "1.2.3.4, garbage", "10.1.2.3", "10.1.2.3"},
		{"10.1.2.3:1234", "10.9.9.9", "10.9.9.9", "10.1.2.3"}, // all trusted: the first
		{"[2001:db8:1:2:3:4:5:6]:80", "", "2001:db8:1:2::/64", "2001:db8:1:2::/64"},
		{"10.1.2.3:1234", "2001:db8::1", "2001:db8::/64", "10.1.2.3"},
		{"[::ffff:203.0.113.9]:80", "", "203.0.113.9", "203.0.113.9"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.peer
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := s.clientOfRequest(r).String(); got != tc.want {
			t.Errorf("%s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
		if got := plain.clientOfRequest(r).String(); got != tc.wantNone {
			t.Errorf("no proxy: %s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.wantNone)
		}
	}
	if got := fmt.Sprint(trusted); got != "[10.0.0.0/8 192.168.1.1/32]" {
		t.Errorf("parsed %s", got)
	}
	for _, bad := range []string{"10.0.0.0/33", "example.com", "10.0.0.0/8,x"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	// The rate limiter keys on the client behind the proxy.
	p := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	_, ts := newTest(t, Config{Rate: 1, Burst: 2, TrustedProxies: p})
	get := func(xff string) int {
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/0123456789abcdef01234567", nil)
		req.Header.Set("X-Forwarded-For", xff)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	get("1.1.1.1")
	get("1.1.1.1")
	if st := get("1.1.1.1"); st != 429 {
		t.Errorf("a third request at once from one client: %d", st)
	}
	if st := get("2.2.2.2"); st != 404 {
		t.Errorf("another client behind the proxy: %d", st)
	}
}

// The metrics: on their own handler, in the Prometheus text format.
func TestMetrics(t *testing.T) {
	s, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State)
	call(t, nil, "GET", ts.URL+"/api/games/0123456789abcdef01234567", "", nil)
	ms := httptest.NewServer(s.MetricsHandler())
	defer ms.Close()
	r := call(t, nil, "GET", ms.URL+"/metrics", "", nil)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("%d %q", r.status, r.header.Get("Content-Type"))
	}
	body := string(r.body)
	for _, want := range []string{
		"farkle_games 1\n", "farkle_games_created_total 1\n", "farkle_moves_total 1\n", "farkle_streams 0\n",
		"# TYPE farkle_save_seconds histogram\n", `farkle_save_seconds_bucket{le="+Inf"} 2` + "\n", "farkle_save_seconds_count 2\n",
		`farkle_refusals_total{code="not_found"} 1` + "\n", "farkle_games_held 1\n",
		"# TYPE farkle_sched_latency_seconds gauge\nfarkle_sched_latency_seconds ",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q in\n%s", want, body)
		}
	}
	// Not on the games' handler.
	call(t, nil, "GET", ts.URL+"/metrics", "", nil)
	if r := call(t, nil, "GET", ts.URL+"/metrics", "", nil); r.status != 404 {
		t.Errorf("/metrics on the games' address: %d", r.status)
	}
}

// /static/ lists no files, and a 404 of no route has the CSP.
func TestStaticNoListing(t *testing.T) {
	_, ts := newTest(t, Config{})
	for _, p := range []string{"/static/", "/static", "/nothing", "/static/nothing.js"} {
		res, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 404 || strings.Contains(string(b), "app.js") || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %d, CSP %q, %q", p, res.StatusCode, res.Header.Get("Content-Security-Policy"), b)
		}
	}
	if res, err := http.Get(ts.URL + "/static/app.js"); err != nil || res.StatusCode != 200 {
		t.Errorf("/static/app.js: %v %v", res, err)
	}
}
