package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/farkle-go/farkle"
)

// savePrefix is the start of a save under App rules for two players, up
// to the opening bracket of its events.
const savePrefix = `{"format":"farkle-game","version":2,"rules":{"target":10000,"final_round":true,"min_bank":0,"min_first_bank":0,"penalty":0,"penalty_after":0,"must_roll_hot_dice":false,"scoring":"app"},"players":["A","B"],"events":[`

// hostileSave returns a save of about size bytes whose events are all
// event, repeated.
func hostileSave(size int, event string) []byte {
	var b bytes.Buffer
	b.Grow(size + 100)
	b.WriteString(savePrefix)
	for b.Len() < size {
		b.WriteString(event)
		b.WriteByte(',')
	}
	b.WriteString(event + `],"source":null}`)
	return b.Bytes()
}

// measure runs f and returns how long it took and how many bytes it
// allocated.
func measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return d, after.TotalAlloc - before.TotalAlloc
}

// A save whose first event is illegal is refused at that event, however
// long it is: the loader replays each event as it reads it.
func TestLoadRefusesEarly(t *testing.T) {
	for _, c := range []struct {
		name, event string
		size        int
		want        error
	}{
		{"won events", `{"kind":"won","player":0,"score":0}`, 45 << 20, ErrBadHistory},
		{"banked events", `{"kind":"banked","player":0,"points":100,"score":100}`, 117 << 20, ErrBadHistory},
	} {
		t.Run(c.name, func(t *testing.T) {
			if raceEnabled || testing.Short() {
				c.size = 1 << 20
			}
			b := hostileSave(c.size, c.event)
			// The App scorer is compiled once per program: not here.
			if _, err := New(App.Rules(), []string{"warm"}, nil); err != nil {
				t.Fatal(err)
			}
			for _, via := range []struct {
				name string
				load func() error
			}{
				{"UnmarshalJSON", func() error { var g Game; return g.UnmarshalJSON(b) }},
				{"Load", func() error { _, err := Load(bytes.NewReader(b), Limits{MaxBytes: 1 << 30}); return err }},
			} {
				// The fastest of three runs: the time of the refusal, not
				// of the other packages' tests that share the CPUs.
				var d time.Duration
				var alloc uint64
				for i := range 3 {
					var err error
					di, ai := measure(func() { err = via.load() })
					if !errors.Is(err, c.want) {
						t.Fatalf("%s: error %v, want %v", via.name, err, c.want)
					}
					if i == 0 || di < d {
						d = di
					}
					alloc = max(alloc, ai)
				}
				t.Logf("%s of %d MB: refused in %v (the fastest of 3), at most %d bytes allocated", via.name, len(b)>>20, d, alloc)
				if alloc > 1<<20 {
					t.Errorf("%s allocated %d bytes, want under 1 MB", via.name, alloc)
				}
				if !raceEnabled && d > 10*time.Millisecond {
					t.Errorf("%s took %v, want under 10 ms", via.name, d)
				}
			}
		})
	}
}

// Limits refuse a save that is too long or has too many events, with
// ErrSaveTooLarge, after reading no more than the limit.
func TestLoadLimits(t *testing.T) {
	g := playSeeded(t, App.Rules(), 7, thresholdBots(350, 1000)...)
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bytes.NewReader(b), Limits{MaxBytes: int64(len(b))}); err != nil {
		t.Fatalf("a save of exactly MaxBytes: %v", err)
	}
	_, err = Load(bytes.NewReader(b), Limits{MaxBytes: int64(len(b)) - 1})
	var se *SaveError
	if !errors.Is(err, ErrSaveTooLarge) || !errors.As(err, &se) || se.Offset > int64(len(b)) {
		t.Errorf("one byte over MaxBytes: %v, want ErrSaveTooLarge in a SaveError", err)
	}
	n := g.NumEvents()
	if _, err := Load(bytes.NewReader(b), Limits{MaxEvents: n}); err != nil {
		t.Fatalf("a save of exactly MaxEvents: %v", err)
	}
	if _, err := Load(bytes.NewReader(b), Limits{MaxEvents: n - 1}); !errors.Is(err, ErrSaveTooLarge) {
		t.Errorf("one event over MaxEvents: %v, want ErrSaveTooLarge", err)
	}
	// A reader that returns one byte at a time, and one that fails.
	if _, err := Load(iotest.OneByteReader(bytes.NewReader(b)), Limits{}); err != nil {
		t.Errorf("one byte at a time: %v", err)
	}
	boom := errors.New("boom")
	if _, err := Load(iotest.ErrReader(boom), Limits{}); !errors.Is(err, boom) {
		t.Errorf("a failing reader: %v, want it wrapped", err)
	}
}

// Surplus array elements, repeated keys, NUL bytes and numbers that are
// no integers are refused: the loader accepts only the save's shapes.
func TestLoadStrict(t *testing.T) {
	g := playSeeded(t, App.Rules(), 3, thresholdBots(300, 300)...)
	b, _ := json.Marshal(g)
	s := string(b)
	for _, c := range []struct{ from, to string }{
		{`"players":["Player 1","Player 2"]`, `"players":["Player 1","Player 2","Player 3","Player 4","Player 5","Player 6","Player 7","Player 8","Player 9"]`},
		{`"scoring":"app"`, `"scoring":{"single_one":100,"single_five":50,"triple":[1000,200,300,400,500,600,999,"junk",[[1]],null]}`},
		{`"version":2`, `"version":2,"version":2`},
		{`"version":2`, `"version":2.0`},
		{`"version":2`, `"version":2e0`},
		{`"version":2`, `"version":02`},
		{`"target":10000`, `"target":100000000000000000000`},
		{`"players"`, "\x00\"players\""},
		{`"players"`, `"Players"`},
	} {
		bad := strings.Replace(s, c.from, c.to, 1)
		if bad == s {
			t.Fatalf("%q not in the save", c.from)
		}
		var h Game
		err := h.UnmarshalJSON([]byte(bad))
		// Surplus elements in the scoring rules are farkle's to refuse.
		if !errors.Is(err, ErrBadSave) && !(strings.Contains(c.to, "junk") && errors.Is(err, farkle.ErrInvalidRules)) {
			t.Errorf("with %s: %v, want ErrBadSave", c.to, err)
		}
	}
	for _, tail := range []string{"\x00", " {}", "]", "x"} {
		var h Game
		if err := h.UnmarshalJSON([]byte(s + tail)); !errors.Is(err, ErrBadSave) {
			t.Errorf("with %q after the save: %v, want ErrBadSave", tail, err)
		}
	}
}

// longSave returns the save of a genuine game of about turns turns.
func longSave(t testing.TB, turns int) []byte {
	r := App.Rules()
	r.Target = turns * 200 // two bots banking about 400 a turn
	g := playSeeded(t, r, 11, thresholdBots(300, 300)...)
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A genuine save loads in time linear in its size, allocating less than
// three times its size.
func TestLoadLinear(t *testing.T) {
	turns := 20_000
	if raceEnabled || testing.Short() {
		turns = 2_000
	}
	small, large := longSave(t, turns), longSave(t, 4*turns)
	var perByte [2]float64
	for i, b := range [][]byte{small, large} {
		var g Game
		var err error
		d, alloc := measure(func() { err = g.UnmarshalJSON(b) })
		if err != nil {
			t.Fatal(err)
		}
		perByte[i] = float64(d) / float64(len(b))
		t.Logf("%d bytes, %d events: %v, %d bytes allocated (%.2f times the save)", len(b), g.NumEvents(), d, alloc, float64(alloc)/float64(len(b)))
		if alloc > 3*uint64(len(b)) {
			t.Errorf("loading %d bytes allocated %d, want under three times the size", len(b), alloc)
		}
	}
	if !raceEnabled && perByte[1] > 3*perByte[0] {
		t.Errorf("time per byte grew from %.1f ns to %.1f ns with four times the save: not linear", perByte[0], perByte[1])
	}
}

func BenchmarkLoad(b *testing.B) {
	save := longSave(b, 2_000)
	b.SetBytes(int64(len(save)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(bytes.NewReader(save), Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// scoringObject matches the key of scoring rules of their own, an object,
// with JSON's white space around the colon: "scoring" : {. A key with an
// escape ("sc\u006fring") is matched whatever it spells, as Load reads
// keys unescaped.
var scoringObject = regexp.MustCompile(`"(?:scoring|[^"]*\\[^"]*)"\s*:\s*\{`)

// FuzzLoad loads any bytes as a save and never panics; what loads saves
// and loads again to the same game and the same bytes. Saves with scoring
// rules of their own are left to the golden and JSON tests: each compiles
// a scorer, which under the fuzzer's instrumentation takes seconds and
// would starve the search of the decoder and the replay. The seeds are
// small saves in testdata/fuzz/FuzzLoad (short games under the App, Zilch
// and Facebook rules, one with a penalty, one with a final round, and a
// hostile one): large ones, such as the golden saves, stall the fuzzer
// while it minimizes them.
func FuzzLoad(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		if scoringObject.Match(b) {
			return
		}
		g, err := Load(bytes.NewReader(b), Limits{MaxBytes: 1 << 20, MaxEvents: 10_000})
		if err != nil {
			return
		}
		saved, err := json.Marshal(g)
		if err != nil {
			t.Fatalf("a loaded game does not save: %v", err)
		}
		h, err := Load(bytes.NewReader(saved), Limits{})
		if err != nil {
			t.Fatalf("a saved game does not load: %v\n%s", err, saved)
		}
		if h.View().Rules() != g.View().Rules() || h.NumEvents() != g.NumEvents() {
			t.Fatalf("load, save, load changed the game")
		}
		if diff := cmpDiff(g.EventsSince(0), h.EventsSince(0)); diff != "" {
			t.Fatalf("load, save, load changed the events (-first +second):\n%s", diff)
		}
		again, _ := json.Marshal(h)
		if !bytes.Equal(saved, again) {
			t.Fatalf("save, load, save changed the bytes")
		}
	})
}

// FuzzLoad's filter of scoring objects is not bypassed by white space or
// escapes, and lets the preset names through.
func TestScoringObjectFilter(t *testing.T) {
	for _, s := range []string{
		`"scoring":{`, `"scoring" : {`, "\"scoring\"\n\t:\r\n {", `"sc\u006fring":{`, `"\u0073coring" :{`,
	} {
		if !scoringObject.MatchString(`{"rules":{"target":1,` + s + `"nothing":0}}`) {
			t.Errorf("%q not filtered", s)
		}
	}
	for _, s := range []string{`"scoring":"app"`, `"scoring" : "zilch"`, `"players":["a\"b",{`} {
		if scoringObject.MatchString(s) {
			t.Errorf("%q filtered", s)
		}
	}
}
