package server

import (
	"bufio"
	"context"
	"flag"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var loadFull = flag.Bool("load.full", false, "run TestLoad in full: 500 games and 200 event streams (else 50 and 20)")

// TestLoad plays many games at once on a loopback server, each by a
// scripted client that thinks between moves (in the full test 0.5 to 1.5
// seconds, a fast human's pace), with event streams open on some of them,
// and reports the
// latency of a move (p50, p99), the server's memory and the goroutines
// before and after. Every client leaving must leave no goroutine behind.
// go test -run TestLoad -v -args -load.full runs it in full.
//
// It runs twice, each move saved and fsynced twice (the file and the
// directory) before its answer, as served: "disk" keeps the games in a
// temporary directory on disk, and "memory" in a tmpfs, where the writes
// and fsyncs cost no disk time, to measure the server's own latency apart
// from the disk's. The 20 ms target of p99 is checked on "memory" in the
// full test: on a shared VM an fsync alone has a p99 of 10 to 80 ms, and
// while another process writes to the disk even writes without an fsync
// wait for it (p50 50 ms, p99 845 ms with a dd loop beside the test).
func TestLoad(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a load test: not under -short nor -race")
	}
	t.Run("disk", func(t *testing.T) { runLoad(t, t.TempDir(), false) })
	t.Run("memory", func(t *testing.T) {
		dir, why := memDir(t)
		if dir == "" {
			t.Skipf("no data directory in memory: %s", why)
		}
		runLoad(t, dir, true)
	})
}

// runLoad runs the load test with the games saved in dir, and checks the
// target of p99 in the full test if check is set.
func runLoad(t *testing.T, dir string, check bool) {
	// Each client thinks think to 3*think between moves: 500 moves a
	// second in all either way while every game is on, a human's pace in
	// the full test. A client stops after maxMoves, so that a run takes
	// about maxMoves times the mean think (15 s in the full test); a game
	// to 1,000 takes its human about 11 moves on average, and the log
	// says how many games ended before that.
	games, streams, maxMoves, think := 50, 20, 15, 50*time.Millisecond
	if *loadFull {
		games, streams, maxMoves, think = 500, 200, 15, 500*time.Millisecond
	}
	s, err := New(Config{DataDir: dir, Rate: -1, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Config.RegisterOnShutdown(s.Close)
	ts.Start()
	defer func() {
		ts.Close()
		s.Release()
	}()
	base := ts.URL
	runtime.GC()
	before := runtime.NumGoroutine()

	tr := &http.Transport{MaxIdleConns: 2 * games, MaxIdleConnsPerHost: 2 * games, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	str := &http.Transport{MaxIdleConnsPerHost: streams}
	ids := make([]created, games)
	for i := range ids {
		ids[i] = create(t, base, KindHuman, KindThreshold)
	}

	// The event streams, each read to the end.
	ctx, cancel := context.WithCancel(context.Background())
	var swg sync.WaitGroup
	updates := make([]int, streams)
	for i := 0; i < streams; i++ {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/games/"+ids[i].ID+"/stream", nil)
		res, err := str.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		swg.Add(1)
		go func() {
			defer swg.Done()
			defer res.Body.Close()
			sc := bufio.NewScanner(res.Body)
			sc.Buffer(make([]byte, 64<<10), 1<<20)
			for sc.Scan() {
				if len(sc.Bytes()) > 6 && string(sc.Bytes()[:6]) == "event:" {
					updates[i]++
				}
			}
		}()
	}

	var mu sync.Mutex
	var lat []time.Duration
	var failures, ended int
	start := time.Now()
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := ids[i]
			st := c.State
			var mine []time.Duration
			for m := 0; m < maxMoves && !st.Over; m++ {
				time.Sleep(think + rand.N(2*think))
				t0 := time.Now()
				next, err := move(client, base, c.ID, c.Seats[0].Token, st)
				mine = append(mine, time.Since(t0))
				if err != nil {
					mu.Lock()
					failures++
					mu.Unlock()
					t.Errorf("game %s: %v", c.ID, err)
					return
				}
				st = next
			}
			mu.Lock()
			lat = append(lat, mine...)
			if st.Over {
				ended++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	during := runtime.NumGoroutine()

	// Every client leaves.
	cancel()
	swg.Wait()
	tr.CloseIdleConnections()
	str.CloseIdleConnections()
	http.DefaultTransport.(*http.Transport).CloseIdleConnections() // create's
	after := runtime.NumGoroutine()
	for deadline := time.Now().Add(5 * time.Second); after > before && time.Now().Before(deadline); after = runtime.NumGoroutine() {
		time.Sleep(20 * time.Millisecond)
	}

	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))] }
	seen := 0
	for _, u := range updates {
		seen += u
	}
	t.Logf("%d games, %d event streams (%d updates read): %d moves in %v (%.0f/s), %d failed; %d games ended, the others stopped after %d moves",
		games, streams, seen, len(lat), elapsed.Round(time.Millisecond), float64(len(lat))/elapsed.Seconds(), failures, ended, maxMoves)
	t.Logf("move latency: p50 %v, p90 %v, p99 %v, max %v", pct(0.50), pct(0.90), pct(0.99), lat[len(lat)-1])
	t.Logf("server memory after GC: heap %.1f MiB in use, %.1f MiB from the OS; %d games held",
		float64(ms.HeapInuse)/(1<<20), float64(ms.Sys)/(1<<20), s.NumGames())
	var files, bytes int64
	if ents, err := os.ReadDir(dir); err == nil {
		for _, de := range ents {
			if fi, err := de.Info(); err == nil {
				files, bytes = files+1, bytes+fi.Size()
			}
		}
	}
	t.Logf("data directory: %d files, %.1f MiB", files, float64(bytes)/(1<<20))
	t.Logf("goroutines: %d before, %d with every client connected, %d after they left", before, during, after)
	if after > before {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines left behind:\n%s", after-before, buf[:runtime.Stack(buf, true)])
	}
	if seen < streams {
		t.Errorf("the streams read %d updates, want at least one each", seen)
	}
	load := loadAverage()
	t.Logf("load average %.2f on %d CPUs", load, runtime.NumCPU())
	if p99 := pct(0.99); *loadFull && check && p99 > 20*time.Millisecond {
		if load > float64(runtime.NumCPU()) {
			// Other processes took the CPUs: the latency is theirs.
			t.Logf("p99 %v above the target of 20ms, not checked: the machine is overloaded", p99)
		} else {
			t.Errorf("p99 %v above the target of 20ms", p99)
		}
	}
}

// loadAverage returns the load average of the last minute, or 0 where
// /proc/loadavg is missing.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(b) + " 0")[0], 64)
	return f
}
