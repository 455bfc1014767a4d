package game

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/farkle-go/farkle"
)

// The defaults of [Limits].
const (
	DefaultMaxSaveBytes = 64 << 20  // 64 MiB
	DefaultMaxEvents    = 2_000_000 // a game of about 300,000 turns
)

// Limits bound what [Load] accepts, so that a save from an untrusted
// source cannot take more memory or time than the caller allows. A zero
// field means its default: DefaultMaxSaveBytes and DefaultMaxEvents.
// Loading takes time linear in the size of the save and allocates about
// twice the memory of the loaded game's history (some 50 bytes an event).
type Limits struct {
	MaxBytes  int64 // the most bytes of JSON read
	MaxEvents int   // the most events in the history
}

func (l Limits) bytes() int64 {
	if l.MaxBytes <= 0 {
		return DefaultMaxSaveBytes
	}
	return l.MaxBytes
}

func (l Limits) events() int {
	if l.MaxEvents <= 0 {
		return DefaultMaxEvents
	}
	return l.MaxEvents
}

// The errors of a load, besides the rules, players and history errors of
// [New] and [Replay].
var (
	// ErrBadSave: the data is not a save of this format: bad JSON, an
	// unknown, missing, repeated or miscased key, a value of the wrong
	// type or range, surplus array elements, data after the save, or
	// another format or version (see [SaveError]).
	ErrBadSave = errors.New("bad save")
	// ErrSaveTooLarge: the save exceeds the [Limits] of the load.
	ErrSaveTooLarge = errors.New("save exceeds the limits")
)

// A SaveError reports where a save that [Load] refuses goes wrong: the
// byte offset in the input and the reason, Err. Err wraps [ErrBadSave]
// (not a save of this format), [ErrSaveTooLarge] (over the [Limits]), or
// is the reason the rules refuse the save's content: a [*HistoryError]
// (wrapping [ErrBadHistory]), a [*farkle.RulesError] or a [*PlayersError];
// or it is the error of the reader.
type SaveError struct {
	Offset int64 // bytes read when the error was found
	Err    error
}

// Error returns a message such as
// "game: cannot load the save at byte 33: bad save: unknown key \"Kind\"".
func (e *SaveError) Error() string {
	return "game: cannot load the save at byte " + strconv.FormatInt(e.Offset, 10) + ": " + strings.TrimPrefix(errString(e.Err), "game: ")
}

// Unwrap returns e.Err.
func (e *SaveError) Unwrap() error { return e.Err }

// Load reads a game saved by [Game.MarshalJSON] from r, within lim. It
// validates as it reads: each event is replayed as soon as it is decoded,
// so the first event that the rules do not produce ends the load, having
// read no further. Every key of the save must be there, each once, and
// "format", "version", "rules" and "players" must come before "events",
// as MarshalJSON writes them.
//
// The error is a [*SaveError], with the offset where loading stopped.
func Load(r io.Reader, lim Limits) (*Game, error) {
	n := lim.bytes()
	if n < math.MaxInt64 {
		n++ // one byte more than the limit shows that there is more
	}
	return load(&decoder{r: io.LimitReader(r, n), chunk: make([]byte, 32<<10), max: lim.bytes()}, lim)
}

// load reads a save with d.
func load(d *decoder, lim Limits) (*Game, error) {
	g, err := d.save(lim.events())
	if err == nil {
		return g, nil
	}
	if d.readErr != nil {
		err = d.readErr
	} else if !errors.Is(err, ErrBadSave) && !errors.Is(err, ErrSaveTooLarge) && !errors.Is(err, ErrBadHistory) &&
		!errors.Is(err, farkle.ErrInvalidRules) && !errors.Is(err, ErrPlayers) {
		err = fmt.Errorf("%w: %v", ErrBadSave, err)
	}
	return nil, &SaveError{Offset: d.offset(), Err: err}
}

// UnmarshalJSON loads a game saved by [Game.MarshalJSON], as [Load] does
// with the default [Limits]. On error g is left unchanged.
func (g *Game) UnmarshalJSON(b []byte) error {
	ng, err := load(&decoder{data: b, max: Limits{}.bytes()}, Limits{})
	if err != nil {
		return err
	}
	*g = *ng
	return nil
}

// A decoder reads the JSON of a save, strictly and without building a
// tree: only the shapes the save format has. It reads data, refilled from
// r (if not nil) in chunks.
type decoder struct {
	data  []byte
	pos   int
	base  int64 // bytes before data
	r     io.Reader
	chunk []byte
	max   int64
	buf   []byte // the last string read by bytesOf

	readErr error // the reader's error, which ends the load
}

func (d *decoder) offset() int64 { return d.base + int64(d.pos) }

func (d *decoder) fail(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadSave}, args...)...)
}

// more makes data hold at least one unread byte, reading from r; it
// reports false at the end of the input.
func (d *decoder) more() (bool, error) {
	for empty := 0; d.pos >= len(d.data); empty++ {
		if d.r == nil {
			return false, nil
		}
		d.base += int64(len(d.data))
		n, err := d.r.Read(d.chunk)
		d.data, d.pos = d.chunk[:n], 0
		if n > 0 {
			break
		}
		if err == io.EOF {
			d.r = nil
			return false, nil
		}
		if err == nil && empty == 100 {
			err = io.ErrNoProgress // a reader that returns nothing, again and again
		}
		if err != nil {
			d.readErr = err
			return false, err
		}
	}
	if d.offset() >= d.max {
		return false, ErrSaveTooLarge
	}
	return true, nil
}

// look returns the next byte without consuming it; 0 at the end (a NUL
// byte, which JSON never has outside strings, is an error).
func (d *decoder) look() (byte, error) {
	if d.pos >= len(d.data) || d.offset() >= d.max {
		if ok, err := d.more(); !ok {
			return 0, err
		}
	}
	if c := d.data[d.pos]; c != 0 {
		return c, nil
	}
	return 0, d.fail("a NUL byte")
}

// peek skips white space and returns the next byte without consuming
// it; 0 at the end of the input.
func (d *decoder) peek() (byte, error) {
	for {
		c, err := d.look()
		if err != nil || c == 0 {
			return 0, err
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c, nil
		}
		d.pos++
	}
}

// next consumes the next byte, white space skipped.
func (d *decoder) next() (byte, error) {
	c, err := d.peek()
	if err != nil {
		return 0, err
	}
	if c == 0 {
		return 0, d.fail("unexpected end of the data")
	}
	d.pos++
	return c, nil
}

// byte consumes one byte as it is.
func (d *decoder) byte() (byte, error) {
	if d.pos < len(d.data) && d.offset() < d.max {
		c := d.data[d.pos]
		d.pos++
		return c, nil
	}
	ok, err := d.more()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, d.fail("unexpected end of the data")
	}
	c := d.data[d.pos]
	d.pos++
	return c, nil
}

func (d *decoder) expect(want byte) error {
	c, err := d.next()
	if err != nil {
		return err
	}
	if c != want {
		return d.fail("found %q, want %q", c, want)
	}
	return nil
}

// maxString bounds a string of a save: the longest is a source state.
const maxString = 4 << 10

// str reads a JSON string.
func (d *decoder) str() (string, error) {
	b, err := d.bytesOf()
	return string(b), err
}

// bytesOf reads a JSON string into d.buf and returns it: valid until the
// next call.
func (d *decoder) bytesOf() ([]byte, error) {
	if err := d.expect('"'); err != nil {
		return nil, err
	}
	b := d.buf[:0]
	defer func() { d.buf = b[:0] }()
	for {
		c, err := d.byte()
		if err != nil {
			return nil, err
		}
		switch {
		case c == '"':
			if !utf8.Valid(b) {
				return nil, d.fail("a string is not UTF-8")
			}
			return b, nil
		case c < 0x20:
			return nil, d.fail("a control character in a string")
		case c == '\\':
			if c, err = d.byte(); err != nil {
				return nil, err
			}
			switch c {
			case '"', '\\', '/':
				b = append(b, c)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, err := d.hex4()
				if err != nil {
					return nil, err
				}
				if 0xDC00 <= r && r < 0xE000 {
					return nil, d.fail("a lone surrogate in a string")
				}
				if utf16Surrogate(r) {
					// A pair: \uD8xx\uDCxx.
					if c1, err := d.byte(); err != nil || c1 != '\\' {
						return nil, d.fail("a lone surrogate in a string")
					}
					if c2, err := d.byte(); err != nil || c2 != 'u' {
						return nil, d.fail("a lone surrogate in a string")
					}
					r2, err := d.hex4()
					if err != nil {
						return nil, err
					}
					if r2 < 0xDC00 || r2 >= 0xE000 {
						return nil, d.fail("a lone surrogate in a string")
					}
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				}
				b = utf8.AppendRune(b, r)
			default:
				return nil, d.fail("bad escape \\%c", c)
			}
		default:
			b = append(b, c)
		}
		if len(b) > maxString {
			return nil, d.fail("a string longer than %d bytes", maxString)
		}
	}
}

func (d *decoder) hex4() (rune, error) {
	var r rune
	for range 4 {
		c, err := d.byte()
		if err != nil {
			return 0, err
		}
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, d.fail("bad \\u escape")
		}
		r = r<<4 | rune(v)
	}
	return r, nil
}

func utf16Surrogate(r rune) bool { return 0xD800 <= r && r < 0xDC00 }

// maxInt bounds the integers of a save: far above any score or count,
// and within an int on every platform.
const maxInt = math.MaxInt32

// integer reads a JSON number that is an integer of at most 2^31-1 in
// magnitude.
func (d *decoder) integer() (int, error) {
	c, err := d.next()
	if err != nil {
		return 0, err
	}
	neg := c == '-'
	if neg {
		if c, err = d.byte(); err != nil {
			return 0, err
		}
	}
	if c < '0' || c > '9' {
		return 0, d.fail("found %q, want a number", c)
	}
	v := int64(c - '0')
	for {
		p, err := d.look()
		if err != nil {
			return 0, err
		}
		if p < '0' || p > '9' {
			if p == '.' || p == 'e' || p == 'E' {
				return 0, d.fail("a number that is not an integer")
			}
			break
		}
		if v == 0 {
			return 0, d.fail("a number with a leading zero")
		}
		d.pos++
		if v = v*10 + int64(p-'0'); v > maxInt {
			return 0, d.fail("a number out of range")
		}
	}
	if neg {
		v = -v
	}
	return int(v), nil
}

// literal reads true, false or null.
func (d *decoder) literal() (string, error) {
	c, err := d.peek()
	if err != nil {
		return "", err
	}
	var word string
	switch c {
	case 't':
		word = "true"
	case 'f':
		word = "false"
	case 'n':
		word = "null"
	default:
		return "", d.fail("found %q, want true, false or null", c)
	}
	for i := range len(word) {
		c, err := d.byte()
		if err != nil {
			return "", err
		}
		if c != word[i] {
			return "", d.fail("found %q in %s", c, word)
		}
	}
	return word, nil
}

func (d *decoder) boolean() (bool, error) {
	w, err := d.literal()
	if err != nil {
		return false, err
	}
	if w == "null" {
		return false, d.fail("null, want true or false")
	}
	return w == "true", nil
}

// object reads an object, calling f for each key with the decoder at its
// value. Keys must be among keys, each at most once, and those whose bit
// is set in required (bit i for keys[i]) must all be there.
func (d *decoder) object(keys []string, required uint64, f func(key string) error) error {
	var seen uint64
	err := d.list('{', '}', func(int) error {
		kb, err := d.bytesOf()
		if err != nil {
			return err
		}
		i := 0
		for i < len(keys) && keys[i] != string(kb) {
			i++
		}
		switch {
		case i == len(keys):
			return d.fail("unknown key %q (keys are case-sensitive)", kb)
		case seen&(1<<i) != 0:
			return d.fail("key %q repeated", kb)
		}
		seen |= 1 << i
		if err := d.expect(':'); err != nil {
			return err
		}
		return f(keys[i])
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		if required&^seen&(1<<i) != 0 {
			return d.fail("no key %q", k)
		}
	}
	return nil
}

// array reads an array, calling f for each element with the decoder at
// it.
func (d *decoder) array(f func(i int) error) error { return d.list('[', ']', f) }

// list reads the elements of an object or an array, between open and
// close and separated by commas, calling f for each with the decoder at
// its start.
func (d *decoder) list(open, close byte, f func(i int) error) error {
	if err := d.expect(open); err != nil {
		return err
	}
	c, err := d.peek()
	if err != nil {
		return err
	}
	if c == close {
		d.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := f(i); err != nil {
			return err
		}
		c, err := d.next()
		if err != nil {
			return err
		}
		switch c {
		case ',':
		case close:
			return nil
		default:
			return d.fail("found %q, want ',' or %q", c, close)
		}
	}
}

// maxRaw bounds the JSON of the scoring rules.
const maxRaw = 4 << 10

// raw reads one object, whatever its keys, and returns its bytes, for the
// decoders of other packages.
func (d *decoder) raw() ([]byte, error) {
	c, err := d.peek()
	if err != nil {
		return nil, err
	}
	if c != '{' {
		return nil, d.fail("found %q, want an object", c)
	}
	var b []byte
	depth, inString, escaped := 0, false, false
	for {
		c, err := d.byte()
		if err != nil {
			return nil, err
		}
		b = append(b, c)
		if len(b) > maxRaw {
			return nil, d.fail("an object longer than %d bytes", maxRaw)
		}
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				return b, nil
			}
		}
	}
}

// The keys of each object of a save, in the order MarshalJSON writes them.
// An event may leave out dice, points, turn_total and farkles, which are
// 0 or empty when they are missing, and the rules the keys of the house
// rules of play, which are false when they are missing; every other key is
// required.
var (
	saveKeyList  = []string{"format", "version", "rules", "players", "events", "source"}
	rulesKeyList = []string{"target", "final_round", "min_bank", "min_first_bank", "penalty", "penalty_after", "must_roll_hot_dice", "scoring",
		"toxic_twos", "six_ones_win", "welfare", "bankrupt", "piggyback", "piggyback_bonus"}
	eventKeyList  = []string{"kind", "player", "dice", "points", "turn_total", "score", "farkles"}
	sourceKeyList = []string{"type", "state"}
)

// allKeys and eventRequired are the required keys of the objects.
const (
	allKeys       = ^uint64(0)
	eventRequired = 1<<0 | 1<<1 | 1<<5 // kind, player, score
	rulesRequired = 1<<8 - 1           // the keys up to scoring
)

// save reads a whole save and returns its game.
func (d *decoder) save(maxEvents int) (*Game, error) {
	var (
		format   string
		version  int
		r        Rules
		haveRule bool
		names    []string
		haveName bool
		rp       *replayer
		src      rand.Source
	)
	err := d.object(saveKeyList, allKeys, func(key string) (err error) {
		switch key {
		case "format":
			format, err = d.str()
		case "version":
			version, err = d.integer()
		case "rules":
			r, err = d.rules()
			haveRule = true
		case "players":
			names, err = d.players()
			haveName = true
		case "events":
			switch {
			case format != saveFormat || version != saveVersion:
				return d.fail("format %q version %d, want %q version %d before the events", format, version, saveFormat, saveVersion)
			case !haveRule || !haveName:
				return d.fail(`"rules" and "players" must come before "events"`)
			}
			g, err := New(r, names, nil)
			if err != nil {
				return err
			}
			rp = &replayer{g: g}
			err = d.array(func(i int) error {
				if i >= maxEvents {
					return fmt.Errorf("%w: more than %d events", ErrSaveTooLarge, maxEvents)
				}
				e, err := d.event()
				if err != nil {
					return err
				}
				return rp.add(e)
			})
			if err != nil {
				return err
			}
			return rp.end()
		case "source":
			src, err = d.source()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if c, err := d.peek(); err != nil || c != 0 {
		if err != nil {
			return nil, err
		}
		return nil, d.fail("data after the save")
	}
	switch {
	case format != saveFormat || version != saveVersion:
		return nil, d.fail("format %q version %d, want %q version %d", format, version, saveFormat, saveVersion)
	case rp == nil:
		return nil, d.fail(`no "events"`)
	}
	rp.g.src = src
	return rp.g, nil
}

func (d *decoder) rules() (Rules, error) {
	var r Rules
	err := d.object(rulesKeyList, rulesRequired, func(key string) (err error) {
		switch key {
		case "target":
			r.Target, err = d.integer()
		case "final_round":
			r.FinalRound, err = d.boolean()
		case "min_bank":
			r.MinBank, err = d.integer()
		case "min_first_bank":
			r.MinFirstBank, err = d.integer()
		case "penalty":
			r.Penalty, err = d.integer()
		case "penalty_after":
			r.PenaltyAfter, err = d.integer()
		case "must_roll_hot_dice":
			r.MustRollHotDice, err = d.boolean()
		case "toxic_twos":
			r.ToxicTwos, err = d.boolean()
		case "six_ones_win":
			r.SixOnesWin, err = d.boolean()
		case "welfare":
			r.Welfare, err = d.boolean()
		case "bankrupt":
			r.Bankrupt, err = d.boolean()
		case "piggyback":
			r.Piggyback, err = d.boolean()
		case "piggyback_bonus":
			r.PiggybackBonus, err = d.integer()
		case "scoring":
			var c byte
			if c, err = d.peek(); err != nil {
				return err
			}
			if c == '"' {
				var name string
				if name, err = d.str(); err != nil {
					return err
				}
				p, err := farkle.ParseScoring(name)
				if err != nil {
					return err
				}
				if p.String() != name {
					return d.fail("scoring %q, want %q", name, p.String())
				}
				r.Scoring = p.Rules()
				return nil
			}
			var raw []byte
			if raw, err = d.raw(); err != nil {
				return err
			}
			err = r.Scoring.UnmarshalJSON(raw)
		}
		return err
	})
	return r, err
}

func (d *decoder) players() ([]string, error) {
	var names []string
	err := d.array(func(i int) error {
		if i >= MaxPlayers {
			return d.fail("more than %d players", MaxPlayers)
		}
		n, err := d.str()
		if err != nil {
			return err
		}
		if n == "" {
			// New would rename an empty name: a save never has one.
			return &PlayersError{Player: i, Reason: "empty name"}
		}
		names = append(names, n)
		return nil
	})
	return names, err
}

func (d *decoder) event() (Event, error) {
	var e Event
	err := d.object(eventKeyList, eventRequired, func(key string) (err error) {
		switch key {
		case "kind":
			var b []byte
			if b, err = d.bytesOf(); err == nil && e.Kind.UnmarshalText(b) != nil {
				err = d.fail("event kind %q", b)
			}
		case "player":
			e.Player, err = d.integer()
		case "dice":
			var dice [farkle.MaxDice]farkle.Die
			n := 0
			err = d.array(func(i int) error {
				if i >= farkle.MaxDice {
					return d.fail("more than %d dice in an event", farkle.MaxDice)
				}
				v, err := d.integer()
				if err != nil {
					return err
				}
				if v < 1 || v > 6 {
					return d.fail("die %d is not 1 to 6", v)
				}
				dice[i] = farkle.Die(v)
				n++
				return nil
			})
			if err == nil {
				e.Dice, _ = farkle.HandOf(dice[:n])
			}
		case "points":
			e.Points, err = d.integer()
		case "turn_total":
			e.TurnTotal, err = d.integer()
		case "score":
			e.Score, err = d.integer()
		case "farkles":
			e.Farkles, err = d.integer()
		}
		return err
	})
	return e, err
}

func (d *decoder) source() (rand.Source, error) {
	c, err := d.peek()
	if err != nil {
		return nil, err
	}
	if c == 'n' {
		_, err := d.literal()
		return nil, err
	}
	var typ, state string
	err = d.object(sourceKeyList, allKeys, func(key string) (err error) {
		if key == "type" {
			typ, err = d.str()
		} else {
			state, err = d.str()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	var src interface {
		rand.Source
		UnmarshalBinary([]byte) error
	}
	switch typ {
	case "pcg":
		src = new(rand.PCG)
	case "chacha8":
		src = new(rand.ChaCha8)
	default:
		return nil, d.fail("source type %q, want pcg or chacha8", typ)
	}
	b, err := base64.StdEncoding.DecodeString(state)
	if err != nil {
		return nil, d.fail("the %s source state: %v", typ, err)
	}
	if err := src.UnmarshalBinary(b); err != nil {
		return nil, d.fail("the %s source state: %v", typ, err)
	}
	return src, nil
}
