package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// The state of a game is the answer of every move and of every update
// of an event stream: it is encoded here by hand, byte for byte as
// encoding/json encodes stateJSON (TestStateJSON compares them), and
// once a change of the game and language, shared by every reader (see
// stateCache).

const hexDigits = "0123456789abcdef"

// appendJSONString appends s to b as a JSON string, escaped as
// encoding/json escapes: quote and backslash, the control characters
// (\b, \f, \n, \r, \t by name, others as \u00XX), <, > and & (as
// \u003c, \u003e, \u0026), U+2028 and U+2029, and each byte of invalid
// UTF-8 as \ufffd.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// appendKey appends ,"key": (without the comma if first).
func appendKey(b []byte, key string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

func appendInt(b []byte, key string, v int) []byte {
	return strconv.AppendInt(appendKey(b, key, false), int64(v), 10)
}

func appendBool(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(appendKey(b, key, false), v)
}

// appendHand appends h as its MarshalJSON does: its dice ascending.
func appendHand(b []byte, h farkle.Hand) []byte {
	b = append(b, '[')
	n := 0
	for f := farkle.Die(1); f <= 6; f++ {
		for range h.Count(f) {
			if n > 0 {
				b = append(b, ',')
			}
			b = append(b, '0'+byte(f))
			n++
		}
	}
	return append(b, ']')
}

// appendStateHead appends the state's JSON up to its players, included:
// the part before "you".
func appendStateHead(b []byte, st *stateJSON) []byte {
	b = append(b, `{"id":`...)
	b = appendJSONString(b, st.ID)
	b = appendJSONString(appendKey(b, "rules", false), st.Rules)
	b = appendInt(b, "target", st.Target)
	b = appendJSONString(appendKey(b, "lang", false), st.Lang)
	b = appendKey(b, "players", false)
	if st.Players == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range st.Players {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendJSONString(b, p.Name)
		b = appendJSONString(appendKey(b, "kind", false), p.Kind)
		b = appendInt(b, "score", p.Score)
		b = appendInt(b, "farkles", p.Farkles)
		b = appendBool(b, "on_board", p.OnBoard)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendYou appends the "you" of a state, if any.
func appendYou(b []byte, you *int) []byte {
	if you == nil {
		return b
	}
	return appendInt(b, "you", *you)
}

// appendStateTail appends the state's JSON after "you", to its end. It
// reports false for dice that are not faces (which encoding/json
// refuses, and a game never has).
func appendStateTail(b []byte, st *stateJSON) ([]byte, bool) {
	b = appendInt(b, "current", st.Current)
	b = appendInt(b, "turn", st.Turn)
	b = appendInt(b, "turn_total", st.TurnTotal)
	b = appendKey(b, "dice", false)
	if st.Dice == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, d := range st.Dice {
			if !d.Valid() {
				return b, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '0'+byte(d))
		}
		b = append(b, ']')
	}
	b = appendInt(b, "dice_left", st.DiceLeft)
	b = appendBool(b, "hot_dice", st.HotDice)
	b = appendBool(b, "final_round", st.FinalRound)
	b = appendBool(b, "over", st.Over)
	b = appendKey(b, "winner", false)
	if st.Winner == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*st.Winner), 10)
	}
	b = appendBool(b, "can_roll", st.CanRoll)
	b = appendBool(b, "can_bank", st.CanBank)
	if st.BankNote != "" {
		b = appendJSONString(appendKey(b, "bank_note", false), st.BankNote)
	}
	b = appendKey(b, "keeps", false)
	if st.Keeps == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range st.Keeps {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendKeep(b, &st.Keeps[i])
		}
		b = append(b, ']')
	}
	b = appendKey(b, "kept", false)
	if st.Kept == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, k := range st.Kept {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendHand(append(b, `{"dice":`...), k.Dice)
			b = append(appendInt(b, "points", k.Points), '}')
		}
		b = append(b, ']')
	}
	b = appendInt(b, "num_events", st.NumEvents)
	b = appendBool(b, "too_long", st.TooLong)
	b = appendInt(b, "min_bank", st.MinBank)
	b = appendInt(b, "min_first_bank", st.MinFirstBank)
	b = appendBool(b, "must_roll_hot_dice", st.MustRollHotDice)
	for _, f := range [...]struct {
		key string
		v   int
	}{{"low_straight", st.LowStraight}, {"high_straight", st.HighStraight}} {
		if f.v != 0 {
			b = appendInt(b, f.key, f.v)
		}
	}
	for _, f := range [...]struct {
		key string
		v   bool
	}{{"toxic_twos", st.ToxicTwos}, {"six_ones_win", st.SixOnesWin}, {"welfare", st.Welfare}, {"bankrupt", st.Bankrupt}, {"piggyback", st.Piggyback}} {
		if f.v {
			b = appendBool(b, f.key, true)
		}
	}
	for _, f := range [...]struct {
		key string
		v   int
	}{{"piggyback_bonus", st.Bonus}, {"offer_total", st.OfferTotal}, {"offer_dice", st.OfferDice}} {
		if f.v != 0 {
			b = appendInt(b, f.key, f.v)
		}
	}
	return append(b, '}'), true
}

// appendKeep appends a keep of the state.
func appendKeep(b []byte, k *keepJSON) []byte {
	b = appendHand(append(b, `{"dice":`...), k.Dice)
	b = appendInt(b, "points", k.Points)
	b = appendKey(b, "combos", false)
	if k.Combos == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range k.Combos {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(append(b, `{"kind":`...), c.Kind)
			b = appendJSONString(appendKey(b, "name", false), c.Name)
			b = appendHand(appendKey(b, "dice", false), c.Dice)
			b = append(appendInt(b, "points", c.Points), '}')
		}
		b = append(b, ']')
	}
	b = appendInt(b, "dice_left", k.DiceLeft)
	b = appendBool(b, "hot_dice", k.HotDice)
	return append(b, '}')
}

// appendState appends st as encoding/json encodes it, and reports false
// where it cannot (dice that are not faces).
func appendState(b []byte, st *stateJSON) ([]byte, bool) {
	b = appendYou(appendStateHead(b, st), st.You)
	return appendStateTail(b, st)
}

// A stateCache holds the encoded state of a game, in the languages asked
// since its last change: the head (to the players) and the tail (after
// "you"), so that each reader adds its own seat. A change of the game
// is a new event, a new *game.Game (an undo) or a rename.
type stateCache struct {
	g       *game.Game
	events  int
	renames int
	langs   []cachedState
}

type cachedState struct {
	lang       string
	head, tail []byte
	// The Content-Length of the answer, without and with a seat of one
	// digit.
	length, lengthYou []string
}

// maxCachedLangs bounds the languages that a game's cache holds at once.
const maxCachedLangs = 4

// stateParts is the JSON of a state: the cached head and tail, and the
// seat of the reader between them (-1 for none). The parts are never
// changed once made, and may be read without the game's lock.
type stateParts struct {
	head, tail []byte
	you        int
	// length is the Content-Length of the answer, or nil.
	length []string
}

// appendTo appends the state's JSON to b.
func (p stateParts) appendTo(b []byte) []byte {
	b = append(b, p.head...)
	if p.you >= 0 {
		b = appendInt(b, "you", p.you)
	}
	return append(b, p.tail...)
}

// bytes returns the state's JSON.
func (p stateParts) bytes() []byte {
	return p.appendTo(make([]byte, 0, len(p.head)+len(p.tail)+16))
}

// stateOf returns the JSON of the state of e for the language lang and
// the seat you (-1 for none), from e's cache or encoded and cached. The
// caller holds e.mu.
func (s *Server) stateOf(e *entry, lang string, you int) stateParts {
	if lang == "" {
		lang = "en"
	}
	c := &e.cache
	if c.g != e.g || c.events != e.g.NumEvents() || c.renames != e.renames {
		*c = stateCache{g: e.g, events: e.g.NumEvents(), renames: e.renames, langs: c.langs[:0]}
	}
	for i := range c.langs {
		if cs := &c.langs[i]; cs.lang == lang {
			return cs.parts(you)
		}
	}
	st := s.state(e, lang)
	scratch := scratchPool.Get().(*[]byte)
	defer scratchPool.Put(scratch)
	b := appendStateHead((*scratch)[:0], &st)
	n := len(b)
	b, ok := appendStateTail(b, &st)
	*scratch = b
	if !ok {
		// Never: a game's dice are faces. encoding/json says why.
		if you >= 0 {
			st.You = &you
		}
		b, err := json.Marshal(st)
		if err != nil {
			s.logf("farkle serve: game %s: the state: %v", e.id, err)
		}
		return stateParts{head: b, you: -1}
	}
	// One allocation of the exact size for both parts.
	both := append([]byte(nil), b...)
	cs := cachedState{lang: lang, head: both[:n:n], tail: both[n:]}
	cs.length = []string{strconv.Itoa(len(both) + 1)}
	cs.lengthYou = []string{strconv.Itoa(len(both) + len(`,"you":0`) + 1)}
	if len(c.langs) == maxCachedLangs {
		c.langs = c.langs[:0]
	}
	c.langs = append(c.langs, cs)
	return cs.parts(you)
}

// parts returns the cached state for the seat you.
func (cs *cachedState) parts(you int) stateParts {
	p := stateParts{head: cs.head, tail: cs.tail, you: you}
	switch {
	case you < 0:
		p.length = cs.length
	case you < 10:
		p.length = cs.lengthYou
	}
	return p
}

// scratchPool holds the buffers in which states are encoded.
var scratchPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// writeState writes the state p as the response, with status.
func writeState(w http.ResponseWriter, status int, p stateParts) {
	var you [32]byte
	y := you[:0]
	if p.you >= 0 {
		y = appendInt(y, "you", p.you)
	}
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["Cache-Control"] = noStore
	h["X-Content-Type-Options"] = noSniff
	if p.length != nil {
		h["Content-Length"] = p.length
	} else {
		h["Content-Length"] = []string{strconv.Itoa(len(p.head) + len(y) + len(p.tail) + 1)}
	}
	w.WriteHeader(status)
	w.Write(p.head)
	w.Write(y)
	w.Write(p.tail)
	w.Write(newline)
}

var newline = []byte{'\n'}

// appendEvents appends the events of a history as encoding/json encodes
// the []eventJSON: the stream's updates send them.
func appendEvents(b []byte, evs []eventJSON) []byte {
	if evs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range evs {
		ev := &evs[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"seq":`...), int64(ev.Seq), 10)
		b = appendJSONString(appendKey(b, "kind", false), ev.Kind)
		b = appendInt(b, "player", ev.Player)
		if ev.Dice.Len() > 0 {
			b = appendHand(appendKey(b, "dice", false), ev.Dice)
		}
		b = appendInt(b, "points", ev.Points)
		b = appendInt(b, "turn_total", ev.TurnTotal)
		b = appendInt(b, "score", ev.Score)
		b = appendInt(b, "farkles", ev.Farkles)
		b = appendJSONString(appendKey(b, "text", false), ev.Text)
		b = append(b, '}')
	}
	return append(b, ']')
}
