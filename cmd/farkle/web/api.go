package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/strategy"
)

// TokenHeader is the request header that carries a seat's token.
const TokenHeader = "X-Farkle-Token"

// EventsHeader is the optional request header of a move that makes it
// safe to send again: the number of events of the game that the client
// has seen (num_events of its state). A move whose header does not match
// the game's number of events is refused with CodeStale and changes
// nothing, so that a move sent twice (a retry after a lost answer) is
// made at most once.
const EventsHeader = "X-Farkle-Events"

// maxTarget is the largest target of a game: eight players reach it in
// some 70,000 events, well within DefaultMaxEvents.
const maxTarget = 1_000_000

// maxStraight is the largest points of a short straight, as farkle.Rules
// allows.
const maxStraight = 1_000_000

// routes registers the handlers. Each API route also has a pattern
// without a method, so that a wrong method gets a JSON 405.
func (s *Server) routes() {
	m := http.NewServeMux()
	api := func(method, path string, h http.HandlerFunc) {
		m.HandleFunc(method+" "+path, h)
		m.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", method)
			writeError(w, errorf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, r.Method+" not allowed: use "+method))
		})
	}
	api("POST", "/api/games", s.handleCreate)
	api("GET", "/api/games/{id}", s.handleState)
	api("GET", "/api/games/{id}/events", s.handleEvents)
	api("GET", "/api/games/{id}/stream", s.handleStream)
	api("GET", "/api/games/{id}/advice", s.handleAdvice)
	api("GET", "/api/games/{id}/rules", s.handleRules)
	api("POST", "/api/games/{id}/join", s.handleJoin)
	api("POST", "/api/games/{id}/roll", s.handleMove(game.ActionRoll))
	api("POST", "/api/games/{id}/keep", s.handleMove(game.ActionKeep))
	api("POST", "/api/games/{id}/bank", s.handleMove(game.ActionBank))
	api("POST", "/api/games/{id}/piggyback", s.handleMove(game.ActionPiggyback))
	api("POST", "/api/games/{id}/rematch", s.handleRematch)
	api("POST", "/api/games/{id}/react", s.handleReact)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, errorf(http.StatusNotFound, CodeNotFound, "no such API route"))
	})
	s.pageRoutes(m)
	s.mux = m
}

// createRequest is the body of POST /api/games. The house rules, each
// off when missing, are keyed as in a save's rules: the short straights'
// points (0 for none, up to 1,000,000) and the house rules of play.
// Welfare turns the preset's final round off, and Bankrupt its penalty
// (counting three farkles in a row when the preset has no penalty).
// piggyback_bonus must be a multiple of the step of the scoring's points
// (50 under every preset), as every turn total is, and short straights
// whose strategy table is too large to solve (such as 999,999, which
// makes the step 1) are refused.
type createRequest struct {
	Rules  string        `json:"rules"`  // a preset of package game; "" is app
	Target int           `json:"target"` // 0 is the preset's
	Seats  []seatRequest `json:"seats"`

	LowStraight  int  `json:"low_straight"`             // farkle.Rules.LowStraight
	HighStraight int  `json:"high_straight"`            // farkle.Rules.HighStraight
	ToxicTwos    bool `json:"toxic_twos"`               // game.Rules.ToxicTwos
	SixOnesWin   bool `json:"six_ones_win"`             // game.Rules.SixOnesWin
	Welfare      bool `json:"welfare"`                  // game.Rules.Welfare
	Bankrupt     bool `json:"bankrupt"`                 // game.Rules.Bankrupt
	Piggyback    bool `json:"piggyback"`                // game.Rules.Piggyback
	Bonus        int  `json:"piggyback_bonus"`          // game.Rules.PiggybackBonus
	MinFirstBank int  `json:"min_first_bank,omitempty"` // game.Rules.MinFirstBank, the opening minimum: 0 for none
}

type seatRequest struct {
	Kind string `json:"kind"` // human, or a bot: easy, medium, casual, hard, best (threshold and expected are easy and hard)
	Name string `json:"name"` // "" for a default name
}

// createResponse is the answer of POST /api/games.
type createResponse struct {
	ID    string     `json:"id"`
	Seats []seatLink `json:"seats"`
	State stateJSON  `json:"state"`
}

// seatLink is a seat of a new game, with its token and join link for a
// human.
type seatLink struct {
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Token string `json:"token,omitempty"`
	Link  string `json:"link,omitempty"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := decodeBody(w, r, s.cfg.MaxBody, &req, false); err != nil {
		writeError(w, err)
		return
	}
	rules, names, err := checkCreate(&req)
	if err != nil {
		writeError(w, err)
		return
	}
	done, ok := s.admit(w)
	if !ok {
		return
	}
	defer done()
	if !s.reserve() {
		writeError(w, errorf(http.StatusServiceUnavailable, CodeUnavailable, "the server holds as many games as it may"))
		return
	}
	held := false
	defer func() {
		if !held {
			s.count.Add(-1)
		}
	}()
	src := newSource()
	g, gerr := game.New(rules, names, src)
	if gerr != nil {
		aerr := errorf(http.StatusBadRequest, CodeInvalid, cleanError(gerr))
		if errors.Is(gerr, game.ErrPlayers) {
			aerr.field = "name" // the seats' number is checked: a name is bad
		}
		writeError(w, aerr)
		return
	}
	if req.LowStraight > 0 || req.HighStraight > 0 {
		// Short straights can make the strategy table of the hints and
		// bots too large to solve: refuse them now, not at every hint.
		if _, err := s.tables.get(g); errors.Is(err, strategy.ErrTooLarge) {
			writeError(w, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("low_straight %d, high_straight %d: no strategy table for these rules: %s",
				req.LowStraight, req.HighStraight, cleanError(err))))
			return
		}
	}
	e := &entry{id: newID(), g: g, src: src, loaded: loaded}
	links := make([]seatLink, len(req.Seats))
	players := g.View().Players()
	for i, sr := range req.Seats {
		kind := sr.Kind
		if k, ok := bots.Canonical(kind); ok {
			kind = k // threshold and expected are saved as easy and hard
		}
		links[i] = seatLink{Seat: i, Kind: kind, Name: players[i].Name}
		st := seat{Kind: kind}
		if sr.Kind == KindHuman {
			tok, h := newToken()
			st.TokenHash = h
			links[i].Token = tok
			links[i].Link = "/g/" + e.id + "#token=" + tok
		}
		e.seats = append(e.seats, st)
	}
	if e.bots, gerr = s.makeBots(g, e.seats, src); gerr != nil {
		writeError(w, errorf(http.StatusInternalServerError, CodeInternal, gerr.Error()))
		return
	}
	st, serr := s.start(e, langOf(r))
	if serr != nil {
		s.logf("farkle serve: game %s: save: %v", e.id, serr)
		writeError(w, saveError(serr, "the game could not be saved"))
		return
	}
	s.keep(e)
	held = true
	s.metrics.creates.Add(1)
	w.Header().Set("Location", "/api/games/"+e.id)
	writeJSON(w, http.StatusCreated, createResponse{ID: e.id, Seats: links, State: st})
}

// start plays the bots' turns of the new game e up to a human's, stores
// it, and returns its state.
func (s *Server) start(e *entry, lang string) (stateJSON, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s.playBots(e)
	if err := s.persist(e); err != nil {
		return stateJSON{}, err
	}
	return s.state(e, lang), nil
}

// pointStep returns the step of the points of the scoring rules r: the
// greatest common divisor of the points of every keep, which every turn
// total that the strategy tables advise is a multiple of; 0 for rules
// that farkle.New refuses (game.New refuses them too).
func pointStep(r farkle.Rules) int {
	s, err := farkle.New(r)
	if err != nil {
		return 0
	}
	a := new(rolls.Analysis)
	a.Analyze(s)
	return a.Unit
}

// checkCreate checks a create request and returns the rules and names of
// the game.
func checkCreate(req *createRequest) (game.Rules, []string, *apiError) {
	bad := func(format string, args ...any) (game.Rules, []string, *apiError) {
		return game.Rules{}, nil, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf(format, args...))
	}
	name := req.Rules
	if name == "" {
		name = "app"
	}
	p, err := game.ParsePreset(name)
	if err != nil {
		return bad("rules %q: want app, zilch or facebook", req.Rules)
	}
	rules := p.Rules()
	if req.Target < 0 || req.Target > maxTarget {
		return bad("target %d: want 1 to %d, or 0 for the rules' own", req.Target, maxTarget)
	}
	if req.Target > 0 {
		rules.Target = req.Target
	}
	for _, v := range []struct {
		key    string
		points int
	}{{"low_straight", req.LowStraight}, {"high_straight", req.HighStraight}} {
		if v.points < 0 || v.points > maxStraight {
			return bad("%s %d: want 0 (none) to %d", v.key, v.points, maxStraight)
		}
	}
	rules.Scoring.LowStraight, rules.Scoring.HighStraight = req.LowStraight, req.HighStraight
	rules.ToxicTwos, rules.SixOnesWin = req.ToxicTwos, req.SixOnesWin
	if req.Bonus < 0 || req.Bonus > maxTarget {
		return bad("piggyback_bonus %d: want 0 (none) to %d", req.Bonus, maxTarget)
	}
	rules.Piggyback, rules.PiggybackBonus = req.Piggyback, req.Bonus
	if req.Bonus > 0 {
		// A turn total taken over with a bonus off the step could not be
		// advised, and the expected-score bot could not take it over.
		if step := pointStep(rules.Scoring); step > 0 && req.Bonus%step != 0 {
			return bad("piggyback_bonus %d: want a multiple of %d, the step of the rules' points", req.Bonus, step)
		}
	}
	if req.MinFirstBank < 0 || req.MinFirstBank > rules.Target {
		return bad("min_first_bank %d: want 0 (none) to the target, %d", req.MinFirstBank, rules.Target)
	}
	if req.MinFirstBank > 0 {
		// pointStep analyses every roll: only when asked.
		if step := pointStep(rules.Scoring); step > 0 && req.MinFirstBank%step != 0 {
			return bad("min_first_bank %d: want a multiple of %d, the step of the rules' points", req.MinFirstBank, step)
		}
	}
	rules.MinFirstBank = req.MinFirstBank
	if req.Welfare {
		rules.Welfare, rules.FinalRound = true, false
	}
	if req.Bankrupt {
		rules.Bankrupt, rules.Penalty = true, 0
		if rules.PenaltyAfter == 0 {
			rules.PenaltyAfter = 3
		}
	}
	if len(req.Seats) < 1 || len(req.Seats) > game.MaxPlayers {
		return bad("%d seats: want 1 to %d", len(req.Seats), game.MaxPlayers)
	}
	humans, nbots := 0, 0
	names := make([]string, len(req.Seats))
	for i, sr := range req.Seats {
		switch {
		case sr.Kind == KindHuman:
			humans++
		case isBot(sr.Kind):
			nbots++
		default:
			return bad("seat %d: kind %q: want human, %s (or the old threshold, expected)", i+1, sr.Kind, strings.Join(BotKinds, ", "))
		}
		names[i] = strings.TrimSpace(sr.Name)
	}
	if humans == 0 {
		return bad("no human seat: a game needs a player")
	}
	n := 0
	for i, sr := range req.Seats {
		if names[i] != "" || sr.Kind == KindHuman {
			continue
		}
		n++
		names[i] = "Bot"
		if nbots > 1 {
			names[i] = "Bot " + strconv.Itoa(n)
		}
	}
	return rules, names, nil
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeState(w, http.StatusOK, s.stateFor(e, langOf(r), r.Header.Get(TokenHeader)))
}

// stateFor returns the state of e for the seat of tok, if any.
func (s *Server) stateFor(e *entry, lang, tok string) stateParts {
	e.mu.Lock()
	defer e.mu.Unlock()
	you := -1
	if tok != "" {
		you = e.seatOf(tok)
	}
	return s.stateOf(e, lang, you)
}

// The pages of a history: GET /api/games/{id}/events answers at most
// limit events (default DefaultPage, at most MaxPage), and an event
// stream sends its catch-up in pages of MaxPage.
const (
	DefaultPage = 500
	MaxPage     = 2000
)

// eventsResponse is the answer of GET /api/games/{id}/events: a page of
// the history.
type eventsResponse struct {
	Events []eventJSON `json:"events"`
	Next   int         `json:"next"` // the since of the next request
	// More is whether the history goes on after this page: ask again
	// from Next.
	More      bool `json:"more"`
	NumEvents int  `json:"num_events"` // the events of the game
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	since := 0
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || strings.Trim(v, "0123456789") != "" {
			writeError(w, errorf(http.StatusBadRequest, CodeInvalid, "since: want a number of events, 0 or more"))
			return
		}
		since = n
	}
	limit := DefaultPage
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || strings.Trim(v, "0123456789") != "" {
			writeError(w, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("limit: want a number of events, 1 to %d", MaxPage)))
			return
		}
		limit = min(n, MaxPage)
	}
	resp, aerr := eventsPage(e, since, limit)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// eventsPage returns the page of e's history of at most limit events
// from since on.
func eventsPage(e *entry, since, limit int) (eventsResponse, *apiError) {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := e.g.NumEvents()
	if since > n {
		return eventsResponse{}, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("since %d: the game has %d events", since, n))
	}
	evs := eventsOf(e.g, since, limit)
	next := since + len(evs)
	return eventsResponse{Events: evs, Next: next, More: next < n, NumEvents: n}, nil
}

// joinRequest is the optional body of POST /api/games/{id}/join: the
// name that the seat's player chooses, checked as the names of a new
// game; missing or "" keeps the seat's name.
type joinRequest struct {
	Name string `json:"name"`
}

// joinResponse is the answer of POST /api/games/{id}/join.
type joinResponse struct {
	Seat  int       `json:"seat"`
	State stateJSON `json:"state"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	e, tok, ok := s.seatCall(w, r, &req, true)
	if !ok {
		return
	}
	name := strings.TrimSpace(req.Name)
	if name != "" {
		// A rename is a write, admitted as a move is.
		done, ok := s.admit(w)
		if !ok {
			return
		}
		defer done()
	}
	resp, aerr := s.join(e, tok, name, langOf(r))
	for i := 0; aerr == errEvicted && i < 3; i++ {
		if e, aerr = s.entryOf(r); aerr == nil {
			resp, aerr = s.join(e, tok, name, langOf(r))
		}
	}
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// seatFor returns the seat of tok in e, which is still served: a refusal
// for a game evicted or gone, or a token of no seat. The caller holds e.mu.
func (e *entry) seatFor(tok string) (int, *apiError) {
	if e.evicted {
		return -1, errEvicted
	}
	if e.gone {
		return -1, goneError
	}
	i := e.seatOf(tok)
	if i < 0 {
		return -1, errorf(http.StatusForbidden, CodeBadToken, "the token is of no seat of this game")
	}
	return i, nil
}

// join takes the seat of tok in e, renamed to name unless it is "", and
// returns the answer of the join.
func (s *Server) join(e *entry, tok, name, lang string) (joinResponse, *apiError) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i, aerr := e.seatFor(tok)
	if aerr != nil {
		return joinResponse{}, aerr
	}
	if aerr := s.rename(e, i, name); aerr != nil {
		return joinResponse{}, aerr
	}
	st := s.state(e, lang)
	st.You = &i
	return joinResponse{Seat: i, State: st}, nil
}

// rename renames seat i to name, unless name is "" or the seat's name
// already, and saves the game; a game that has expired is not_found, and
// nothing is written. The caller holds e.mu, and has admitted the
// request if name is not "".
func (s *Server) rename(e *entry, i int, name string) *apiError {
	if e.gone {
		return goneError
	}
	if name == "" || name == e.g.View().Players()[i].Name {
		return nil
	}
	old := e.g.View().Players()[i].Name
	e.renames++ // the cached state goes, whatever happens
	if err := e.g.Rename(i, name); err != nil {
		aerr := errorf(http.StatusBadRequest, CodeInvalid, cleanError(err))
		aerr.field = "name"
		return aerr
	}
	names := make([]string, e.g.View().NumPlayers())
	for j, p := range e.g.View().Players() {
		names[j] = p.Name
	}
	if err := s.persistNames(e, names); err != nil {
		e.g.Rename(i, old) // a name that was valid
		return s.saveFailed(e, err, "the name could not be saved")
	}
	e.notify()
	return nil
}

// keepRequest is the body of POST /api/games/{id}/keep.
type keepRequest struct {
	Dice []int `json:"dice"`
}

// handleMove returns the handler of a move: roll, keep or bank.
func (s *Server) handleMove(a game.Action) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req keepRequest
		var body any = &struct{}{}
		if a == game.ActionKeep {
			body = &req
		}
		e, tok, ok := s.seatCall(w, r, body, a != game.ActionKeep)
		if !ok {
			return
		}
		var keep []farkle.Die
		if a == game.ActionKeep {
			var aerr *apiError
			if keep, aerr = checkDice(req.Dice); aerr != nil {
				writeError(w, aerr)
				return
			}
		}

		seen := -1
		if v := r.Header.Get(EventsHeader); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || strings.Trim(v, "0123456789") != "" {
				writeError(w, errorf(http.StatusBadRequest, CodeInvalid, EventsHeader+": want a number of events, 0 or more"))
				return
			}
			seen = n
		}

		lang := langOf(r)
		done, ok := s.admit(w)
		if !ok {
			return
		}
		defer done()
		st, aerr := s.move(e, tok, a, keep, seen, lang)
		for i := 0; aerr == errEvicted && i < 3; i++ {
			if e, aerr = s.entryOf(r); aerr == nil {
				st, aerr = s.move(e, tok, a, keep, seen, lang)
			}
		}
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		writeState(w, http.StatusOK, st)
	}
}

// move makes the move a for the seat of tok, plays the bots' turns that
// follow, saves the game and returns its state's JSON. seen is the
// number of events that the client has seen, or -1 for any.
func (s *Server) move(e *entry, tok string, a game.Action, keep []farkle.Die, seen int, lang string) (stateParts, *apiError) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i, aerr := e.seatFor(tok)
	if aerr != nil {
		return stateParts{}, aerr
	}
	g := e.g
	if seen >= 0 && seen != g.NumEvents() {
		return stateParts{}, errorf(http.StatusConflict, CodeStale, fmt.Sprintf("the game has %d events, not %d: the move was not made", g.NumEvents(), seen))
	}
	if g.View().Over() {
		return stateParts{}, errorf(http.StatusConflict, CodeGameOver, "the game is over")
	}
	if g.NumEvents() >= s.cfg.MaxEvents {
		return stateParts{}, errorf(http.StatusConflict, CodeGameTooLong, fmt.Sprintf("the game has reached the limit of %d events: it takes no more moves", s.cfg.MaxEvents))
	}
	if g.View().Current() != i {
		return stateParts{}, errorf(http.StatusConflict, CodeNotYourTurn, "it is "+g.View().Players()[g.View().Current()].Name+"'s turn")
	}
	var err error
	switch a {
	case game.ActionRoll:
		err = g.Roll()
	case game.ActionKeep:
		err = g.Keep(keep)
	case game.ActionBank:
		err = g.Bank()
	case game.ActionPiggyback:
		err = g.Piggyback()
	}
	if err != nil {
		return stateParts{}, errorf(http.StatusConflict, CodeIllegalMove, cleanError(err))
	}
	s.playBots(e)
	if err := s.persist(e); err != nil {
		return stateParts{}, s.saveFailed(e, err, "the move could not be saved and was undone")
	}
	s.metrics.moves.Add(1)
	e.notify()
	return s.stateOf(e, lang, i), nil
}

// checkDice checks the dice of a keep: 1 to 6 faces from 1 to 6.
func checkDice(dice []int) ([]farkle.Die, *apiError) {
	if len(dice) == 0 || len(dice) > farkle.MaxDice {
		return nil, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("%d dice: a keep has 1 to %d", len(dice), farkle.MaxDice))
	}
	out := make([]farkle.Die, len(dice))
	for i, d := range dice {
		if d < 1 || d > 6 {
			return nil, errorf(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("die %d: a die is a face from 1 to 6", d))
		}
		out[i] = farkle.Die(d)
	}
	return out, nil
}

// cleanError returns the message of err for a player: without the
// package prefixes, from the reason of an *game.ActionError.
func cleanError(err error) string {
	var ae *game.ActionError
	if errors.As(err, &ae) {
		err = ae.Err
	}
	msg := err.Error()
	for _, p := range []string{"game: ", "farkle: "} {
		msg = strings.ReplaceAll(msg, p, "")
	}
	return msg
}

// entryOf returns the game of the request's {id}, read from the store
// if it is not held.
func (s *Server) entryOf(r *http.Request) (*entry, *apiError) {
	id := r.PathValue("id")
	if !ValidID(id) {
		return nil, errorf(http.StatusNotFound, CodeNotFound, "no such game")
	}
	e, err := s.lookup(id)
	if err != nil {
		return nil, loadError(err)
	}
	return e, nil
}

// tokenOf returns the token of the request.
func tokenOf(r *http.Request) (string, *apiError) {
	tok := r.Header.Get(TokenHeader)
	if tok == "" {
		return "", errorf(http.StatusForbidden, CodeNoToken, "a move needs the seat's token in the "+TokenHeader+" header")
	}
	return tok, nil
}

// langOf returns the language of the request's ?lang=, for the names of
// the combinations: cs, en, fi or nl, anything else being English.
func langOf(r *http.Request) string {
	l := r.URL.Query().Get("lang")
	if len(l) > 35 {
		return "en"
	}
	return l
}

// decodeBody reads the request body as JSON into v: at most max bytes
// (413), application/json (415), one object of v's shape with no unknown
// keys and nothing after it (400). With allowEmpty, an empty body is
// allowed and leaves v as it is.
// seatCall reads the request of a seat: its game, the seat's token and
// the body into v (none allowed if allowEmpty), refused in that order.
// On a refusal it has written the error, and ok is false.
func (s *Server) seatCall(w http.ResponseWriter, r *http.Request, v any, allowEmpty bool) (e *entry, tok string, ok bool) {
	e, aerr := s.entryOf(r)
	if aerr == nil {
		tok, aerr = tokenOf(r)
	}
	if aerr == nil {
		aerr = decodeBody(w, r, s.cfg.MaxBody, v, allowEmpty)
	}
	if aerr != nil {
		writeError(w, aerr)
		return nil, "", false
	}
	return e, tok, true
}

func decodeBody(w http.ResponseWriter, r *http.Request, max int64, v any, allowEmpty bool) *apiError {
	if r.ContentLength == 0 && allowEmpty {
		return nil // a move without a body: nothing to read
	}
	r.Body = http.MaxBytesReader(w, r.Body, max)
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errorf(http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("the body exceeds %d bytes", max))
		}
		return errorf(http.StatusBadRequest, CodeBadJSON, "cannot read the body")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		if allowEmpty {
			return nil
		}
		return errorf(http.StatusBadRequest, CodeBadJSON, "no body: want a JSON object")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return errorf(http.StatusUnsupportedMediaType, CodeBadContentType, "the body must be application/json")
	}
	if data = bytes.TrimSpace(data); data[0] != '{' {
		return errorf(http.StatusBadRequest, CodeBadJSON, "the body must be a JSON object")
	}
	dec := jsonDecoder(data)
	if err := dec.Decode(v); err != nil {
		return errorf(http.StatusBadRequest, CodeBadJSON, "bad JSON: "+strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errorf(http.StatusBadRequest, CodeBadJSON, "bad JSON: data after the object")
	}
	return nil
}
