package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/farkle-go/farkle/game"
)

// The state of a game is the answer of every move and of every update
// of an event stream: it is encoded (encoding/json) once a change of the
// game and language, and the bytes shared by every reader (see
// stateCache), each adding its own seat.

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

// appendYou appends the "you" member of the seat you, if not -1.
func appendYou(b []byte, you int) []byte {
	if you < 0 {
		return b
	}
	return strconv.AppendInt(append(b, `,"you":`...), int64(you), 10)
}

// appendTo appends the state's JSON to b.
func (p stateParts) appendTo(b []byte) []byte {
	return append(appendYou(append(b, p.head...), p.you), p.tail...)
}

// bytes returns the state's JSON.
func (p stateParts) bytes() []byte {
	return p.appendTo(make([]byte, 0, len(p.head)+len(p.tail)+16))
}

// youMark is the "you" member that stateOf encodes, to cut the state
// there: the only place where a comma and a quote meet unescaped before
// "you", since every quote in a string is escaped.
var youMark = []byte(`,"you":0`)

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
	zero := 0
	st.You = &zero
	b, err := json.Marshal(st)
	i := bytes.Index(b, youMark)
	if err != nil || i < 0 {
		// Never: a game's state encodes. The state as it is, uncached.
		s.logf("farkle serve: game %s: the state: %v", e.id, err)
		return stateParts{head: b, you: -1}
	}
	cs := cachedState{lang: lang, head: b[:i:i], tail: b[i+len(youMark):]}
	cs.length = []string{strconv.Itoa(len(b) - len(youMark) + 1)}
	cs.lengthYou = []string{strconv.Itoa(len(b) + 1)}
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

// writeState writes the state p as the response, with status.
func writeState(w http.ResponseWriter, status int, p stateParts) {
	var you [32]byte
	y := appendYou(you[:0], p.you)
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
