package web

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/farkle-go/farkle/game"
)

// appendLogRecord appends the payload of a move's record, a logRecord,
// written by hand as encoding/json writes it (TestLogRecordJSON compares
// them): a record is written at every move. It reports false for an
// event that encoding/json refuses (a kind of no name), which a game
// never has.
func appendLogRecord(b []byte, rec *logRecord) ([]byte, bool) {
	b = strconv.AppendInt(append(b, `{"from":`...), int64(rec.From), 10)
	b = appendKey(b, "events", false)
	if rec.Events == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range rec.Events {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendGameEvent(b, &rec.Events[i]); !ok {
				return b, false
			}
		}
		b = append(b, ']')
	}
	b = appendJSONString(append(b, `,"source":{"type":`...), rec.Source.Type)
	b = appendKey(b, "state", false)
	if rec.Source.State == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, rec.Source.State)
		b = append(b, '"')
	}
	b = append(b, '}')
	if len(rec.Names) > 0 {
		b = appendKey(b, "names", false)
		b = append(b, '[')
		for i, n := range rec.Names {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, n)
		}
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// appendGameEvent appends ev as its MarshalJSON writes it: dice, points,
// turn_total and farkles left out when empty or 0.
func appendGameEvent(b []byte, ev *game.Event) ([]byte, bool) {
	kind := ev.Kind.String()
	if ev.Kind == 0 || strings.HasPrefix(kind, "EventKind(") {
		return b, false
	}
	b = appendJSONString(append(b, `{"kind":`...), kind)
	b = appendInt(b, "player", ev.Player)
	if ev.Dice.Len() > 0 {
		b = appendHand(appendKey(b, "dice", false), ev.Dice)
	}
	if ev.Points != 0 {
		b = appendInt(b, "points", ev.Points)
	}
	if ev.TurnTotal != 0 {
		b = appendInt(b, "turn_total", ev.TurnTotal)
	}
	b = appendInt(b, "score", ev.Score)
	if ev.Farkles != 0 {
		b = appendInt(b, "farkles", ev.Farkles)
	}
	return append(b, '}'), true
}
