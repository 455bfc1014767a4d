package web

import (
	"encoding/json"
	"net/http"
)

// The codes of the API's errors. They are stable: clients may test them.
const (
	CodeBadJSON          = "bad_json"             // 400: the body is not the JSON the route takes
	CodeInvalid          = "invalid"              // 400: a value out of range (rules, target, seats, name, dice, since, lang)
	CodeBadContentType   = "bad_content_type"     // 415: a body that is not application/json
	CodeNoToken          = "no_token"             // 403: no X-Farkle-Token for a move
	CodeBadToken         = "bad_token"            // 403: a token of no seat of the game
	CodeNotFound         = "not_found"            // 404: no such game, or no such route
	CodeMethodNotAllowed = "method_not_allowed"   // 405
	CodeNotYourTurn      = "not_your_turn"        // 409: another seat is to play
	CodeIllegalMove      = "illegal_move"         // 409: the rules refuse the move (message says why)
	CodeGameOver         = "game_over"            // 409: a move after the end of the game
	CodeGameTooLong      = "game_too_long"        // 409: the game has reached its limit of events, and takes no more moves
	CodeNoRoll           = "no_roll"              // 409: advice with no dice on the table
	CodeTooLarge         = "too_large"            // 413: the body exceeds the limit
	CodeRateLimited      = "rate_limited"         // 429: the client's token bucket is empty
	CodeTooManyStreams   = "too_many_streams"     // 429: the client has as many event streams open as it may
	CodeTooManyConns     = "too_many_connections" // 429: the client has as many connections open as it may (answered as the connection opens)
	CodeSaveFailed       = "save_failed"          // 500: the move could not be saved, and was undone
	CodeInternal         = "internal"             // 500: a bug
	CodeUnavailable      = "unavailable"          // 503: too many games or event streams, or the server is stopping
	CodeOverloaded       = "overloaded"           // 503: the disk is behind: try again after Retry-After
	CodeStale            = "stale"                // 409: a move sent with X-Farkle-Events after the game moved on
	CodeNotOver          = "not_over"             // 409: a rematch of a game not over
	CodeTooManyReactions = "too_many_reactions"   // 429: a seat's quick reactions beyond 1 a second or 10 a minute
)

// An apiError is a refusal: its status, code and message.
type apiError struct {
	status  int
	code    string
	message string
	// field names the part of the request refused, when a client can
	// point at it ("name"); "" for none.
	field string
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

func errorf(status int, code, message string) *apiError {
	return &apiError{status: status, code: code, message: message}
}

// writeError writes e as {"error":{"code":...,"message":...}}, with
// "field" when e names one, and a 429 or 503 with Retry-After (10 s
// unless the caller set it).
func writeError(w http.ResponseWriter, e *apiError) {
	if mw, ok := w.(*metricsWriter); ok {
		mw.code = e.code
	}
	if (e.status == http.StatusTooManyRequests || e.status == http.StatusServiceUnavailable) && w.Header().Get("Retry-After") == "" {
		// Every refusal for want of room says when to try again.
		w.Header().Set("Retry-After", "10")
	}
	body := map[string]string{"code": e.code, "message": e.message}
	if e.field != "" {
		body["field"] = e.field
	}
	writeJSON(w, e.status, map[string]any{"error": body})
}

// writeJSON writes v as the JSON response, with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"cannot encode the response"}}`)
	}
	writeRaw(w, status, b)
}

// The headers of a JSON response, shared by every response (the server
// reads them and never changes them).
var (
	jsonContentType = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
	noSniff         = []string{"nosniff"}
)

// writeRaw writes b, JSON, and a newline as the response, with status.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["Cache-Control"] = noStore
	h["X-Content-Type-Options"] = noSniff
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// saveError is the answer to a write that failed: 500 save_failed with
// message.
func saveError(err error, message string) *apiError {
	return errorf(http.StatusInternalServerError, CodeSaveFailed, message)
}
