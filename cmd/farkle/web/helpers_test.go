package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
)

// childEnv names the data directory of a child process that runs the
// server (see TestMain).
const childEnv = "FARKLE_SERVER_TEST_CHILD"

// TestMain runs the server instead of the tests when the test binary is
// started as a child by startChild: it serves until SIGINT or SIGTERM,
// as "farkle serve" does, and exits 0 after a graceful shutdown.
func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		var st Store = memStoreAt(dir)
		if ChildStore != nil {
			var err error
			if st, err = ChildStore(dir); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		cfg := calm(Config{Store: st, Rate: -1})
		if n := os.Getenv(childNofileEnv); n != "" {
			// The file limit lowered (see TestFileLimit), and no cap per
			// client: one client fills the connections.
			lowerFileLimit(n)
			cfg.MaxClientConns = 1 << 20
		}
		err := Run(ctx, cfg, "127.0.0.1:0", func(addr net.Addr, games int) {
			fmt.Printf("listening %s %d\n", addr, games)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			st.Close()
			os.Exit(1)
		}
		fmt.Println("stopped")
		st.Close()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// childNofileEnv, in a child's environment, is the limit of open files
// that it sets before it serves.
const childNofileEnv = "FARKLE_SERVER_TEST_NOFILE"

// A child is a server process started by a test.
type child struct {
	cmd    *exec.Cmd
	base   string // http://127.0.0.1:PORT
	out    *bufio.Reader
	done   chan error
	stderr *syncBuffer // what it wrote to its standard error, also copied to the test's
}

// startChild starts the test binary as a server on dir, with env added
// to its environment.
func startChild(t *testing.T, dir string, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), childEnv+"="+dir), env...)
	stderr := new(syncBuffer)
	cmd.Stderr = io.MultiWriter(os.Stderr, stderr)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, out: bufio.NewReader(stdout), done: make(chan error, 1), stderr: stderr}
	line, err := c.out.ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("child: %v", err)
	}
	var addr string
	var games int
	if _, err := fmt.Sscanf(line, "listening %s %d", &addr, &games); err != nil {
		cmd.Process.Kill()
		t.Fatalf("child said %q", line)
	}
	c.base = "http://" + addr
	go func() {
		io.Copy(io.Discard, c.out)
		c.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-c.done
		}
	})
	return c
}

// wait waits for the child to exit and returns its exit code.
func (c *child) wait(t *testing.T, timeout time.Duration) int {
	t.Helper()
	select {
	case err := <-c.done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(timeout):
		c.cmd.Process.Kill()
		t.Fatalf("the child did not exit within %v", timeout)
		return -1
	}
}

// calm returns cfg with the server's load shedding off where cfg leaves
// it to the defaults: the CPU's backpressure (MaxCPUWait) and the disk's
// (MaxQueueWait), which on a loaded machine refuse moves with 503 that a
// test expects served. The tests of the backpressure set their own.
func calm(cfg Config) Config {
	if cfg.MaxCPUWait == 0 {
		cfg.MaxCPUWait = -1
	}
	if cfg.MaxQueueWait == 0 {
		cfg.MaxQueueWait = time.Hour
	}
	return cfg
}

// newTest starts a Server behind an httptest server; cfg.Store, if nil,
// is a new memStore, and is wrapped in a faultStore (see faults); the
// load shedding is off unless cfg sets it (see calm).
func newTest(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	cfg = calm(withStore(cfg))
	if cfg.Rate == 0 {
		cfg.Rate = -1
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Config.RegisterOnShutdown(s.Close)
	ts.Start()
	t.Cleanup(func() {
		s.Close()
		ts.Close()
		s.Release()
	})
	return s, ts
}

// withStore returns cfg with its Store, a new memStore if none, wrapped
// in a faultStore.
func withStore(cfg Config) Config {
	if cfg.Store == nil {
		cfg.Store = newMemStore()
	}
	if _, ok := cfg.Store.(*faultStore); !ok {
		cfg.Store = &faultStore{Store: cfg.Store}
	}
	return cfg
}

// A resp is a response of the API.
type resp struct {
	status int
	body   []byte
	header http.Header
}

// call makes a request to the API: body, if not nil, is sent as
// application/json (a string as it is, anything else marshalled).
func call(t testing.TB, client *http.Client, method, url, token string, body any) resp {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set(TokenHeader, token)
	}
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp{res.StatusCode, data, res.Header}
}

// decode decodes the body of r into v.
func (r resp) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("bad JSON %q: %v", r.body, err)
	}
}

// wantError checks that r is the error code with status.
func (r resp) wantError(t testing.TB, status int, code string) {
	t.Helper()
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if r.status != status {
		t.Errorf("status %d, want %d (%s)", r.status, status, r.body)
		return
	}
	if err := json.Unmarshal(r.body, &e); err != nil || e.Error.Code != code || e.Error.Message == "" {
		t.Errorf("body %s, want the error code %q with a message", r.body, code)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q, want JSON", ct)
	}
}

// created is the answer to a new game.
type created struct {
	ID    string     `json:"id"`
	Seats []seatLink `json:"seats"`
	State stateJSON  `json:"state"`
}

// create makes a game with the seats' kinds, and target 1000.
func create(t testing.TB, base string, kinds ...string) created {
	t.Helper()
	return createTarget(t, base, 1000, kinds...)
}

// createRolled makes a game with the seats' kinds, the first a human,
// and rolls for it until it has dice to keep: the game and its state
// then. A roll that farkles passes the turn; a bot may win the game of
// 1,000 meanwhile, and then it makes another game (at most 100).
func createRolled(t testing.TB, base string, kinds ...string) (created, stateJSON) {
	t.Helper()
	for range 100 {
		c := create(t, base, kinds...)
		for {
			var st stateJSON
			r := call(t, nil, "POST", base+"/api/games/"+c.ID+"/roll", c.Seats[0].Token, nil)
			if r.status != http.StatusOK {
				r.wantError(t, http.StatusConflict, CodeGameOver)
				break // a bot won: another game
			}
			r.decode(t, &st)
			if len(st.Dice) > 0 {
				return c, st
			}
		}
	}
	t.Fatal("100 games over before a roll with dice to keep")
	return created{}, stateJSON{}
}

// createTarget makes a game with the seats' kinds and a target.
func createTarget(t testing.TB, base string, target int, kinds ...string) created {
	t.Helper()
	req := createRequest{Rules: "app", Target: target}
	for _, k := range kinds {
		req.Seats = append(req.Seats, seatRequest{Kind: k})
	}
	r := call(t, nil, "POST", base+"/api/games", "", req)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	r.decode(t, &c)
	return c
}

// playMove makes the next move of a simple player for the seat of tok:
// roll, or keep the best keep and bank from 300 on. It returns the new
// state and the status.
func playMove(t testing.TB, client *http.Client, base, id, tok string, st stateJSON) (stateJSON, int) {
	t.Helper()
	var r resp
	switch {
	case len(st.Dice) > 0:
		r = call(t, client, "POST", base+"/api/games/"+id+"/keep", tok, keepRequest{Dice: intsOf(st.Keeps[0].Dice)})
	case st.CanBank && st.TurnTotal >= 300:
		r = call(t, client, "POST", base+"/api/games/"+id+"/bank", tok, nil)
	default:
		r = call(t, client, "POST", base+"/api/games/"+id+"/roll", tok, nil)
	}
	if r.status != http.StatusOK {
		return st, r.status
	}
	var next stateJSON
	r.decode(t, &next)
	return next, r.status
}

// intsOf returns the dice of h as the numbers a keep request sends.
func intsOf(h farkle.Hand) []int {
	var out []int
	for d := range h.All() {
		out = append(out, int(d))
	}
	return out
}

// guard bounds the waits for a state that comes in milliseconds (a
// stream ended, a child exited): a guard only, that tells a hang from a
// loaded machine with a message rather than go test's -timeout, and long
// enough that no load reaches it.
const guard = time.Minute

// until waits for cond, a state that the test is sure comes (a write
// queued, a goroutine gone): it polls with no deadline of its own, so that
// a loaded machine only makes it wait longer; go test's -timeout catches a
// state that never comes.
func until(cond func() bool) {
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}

// clientFrom returns an HTTP client whose connections come from ip.
func clientFrom(ip net.IP, timeout time.Duration) (*http.Client, *http.Transport) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 10 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: tr, Timeout: timeout}, tr
}

// procStatus returns the fields of /proc/self/status that the long test
// reports (VmRSS, VmHWM, Threads), or nil where it is missing.
func procStatus() map[string]string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil
	}
	m := make(map[string]string)
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

// tryCreate makes a game with the seats' kinds and target, without a
// testing.T, for goroutines.
func tryCreate(client *http.Client, base string, target int, kinds ...string) (created, error) {
	req := createRequest{Rules: "app", Target: target}
	for _, k := range kinds {
		req.Seats = append(req.Seats, seatRequest{Kind: k})
	}
	var c created
	err := postJSON(client, base+"/api/games", req, http.StatusCreated, &c)
	return c, err
}

// postJSON posts v as JSON to url and decodes the answer into out,
// which must have the status want.
func postJSON(client *http.Client, url string, v any, want int, out any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	res, err := client.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return fmt.Errorf("status %d: %s", res.StatusCode, body)
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// held returns game id of s, read from its Store if not held.
func held(t testing.TB, s *Server, id string) *entry {
	t.Helper()
	e, err := s.lookup(id)
	if err != nil {
		t.Fatalf("game %s: %v", id, err)
	}
	return e
}
