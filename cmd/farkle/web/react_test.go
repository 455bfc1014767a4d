package web

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"
)

// A seat reacts at most once a second and ReactionsPerMinute times a
// minute, by the Server's clock; the seats' limits are apart.
func TestReactLimit(t *testing.T) {
	s, ts := newTest(t, Config{})
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	s.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	advance := func(d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(d)
	}
	c := createNamed(t, ts.URL, []string{KindHuman, KindHuman}, []string{"Ann", "Ben"})
	react := func(tok string) resp {
		return call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/react", tok, reactRequest{Emoji: "👍"})
	}
	ann, ben := c.Seats[0].Token, c.Seats[1].Token
	if r := react(ann); r.status != http.StatusOK {
		t.Fatalf("the first reaction: %d %s", r.status, r.body)
	}
	r := react(ann)
	r.wantError(t, http.StatusTooManyRequests, CodeTooManyReactions)
	if ra := r.header.Get("Retry-After"); ra != "1" {
		t.Errorf("Retry-After %q, want 1", ra)
	}
	if r := react(ben); r.status != http.StatusOK {
		t.Fatalf("the other seat at once: %d", r.status)
	}
	advance(999 * time.Millisecond)
	react(ann).wantError(t, http.StatusTooManyRequests, CodeTooManyReactions)
	advance(time.Millisecond)
	// Ann's second to tenth, a second apart: 9 seconds after her first.
	for i := 2; i <= ReactionsPerMinute; i++ {
		if r := react(ann); r.status != http.StatusOK {
			t.Fatalf("reaction %d: %d %s", i, r.status, r.body)
		}
		advance(time.Second)
	}
	// 10 s after the first, the eleventh waits for the minute: 50 s.
	r = react(ann)
	r.wantError(t, http.StatusTooManyRequests, CodeTooManyReactions)
	if ra := r.header.Get("Retry-After"); ra != "50" {
		t.Errorf("Retry-After %q, want 50", ra)
	}
	advance(50*time.Second - time.Millisecond)
	react(ann).wantError(t, http.StatusTooManyRequests, CodeTooManyReactions)
	advance(time.Millisecond)
	if r := react(ann); r.status != http.StatusOK {
		t.Fatalf("a minute after the first: %d %s", r.status, r.body)
	}
}

// Only the reactions of the list are taken, from a seat; the streams of
// the game get them as "reaction" events, and no update.
func TestReactOnlyTheList(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := createNamed(t, ts.URL, []string{KindHuman, KindThreshold}, []string{"Ann", ""})
	url := ts.URL + "/api/games/" + c.ID + "/react"
	tok := c.Seats[0].Token
	for _, body := range []any{
		reactRequest{Emoji: "hello"}, reactRequest{Emoji: ""}, reactRequest{Emoji: "👎"},
		reactRequest{Emoji: "👍👍"}, reactRequest{Emoji: "👍 "}, `{"emoji":"👍","text":"hi"}`,
	} {
		r := call(t, nil, "POST", url, tok, body)
		if r.status != http.StatusBadRequest {
			t.Errorf("%v: %d %s, want 400", body, r.status, r.body)
		}
	}
	call(t, nil, "POST", url, "", reactRequest{Emoji: "👍"}).wantError(t, http.StatusForbidden, CodeNoToken)
	call(t, nil, "POST", url, "nope", reactRequest{Emoji: "👍"}).wantError(t, http.StatusForbidden, CodeBadToken)

	stream := openSSE(t, ts.URL+"/api/games/"+c.ID+"/stream")
	stream.update(t)
	if r := call(t, nil, "POST", url, tok, reactRequest{Emoji: "🎉"}); r.status != http.StatusOK {
		t.Fatalf("react: %d %s", r.status, r.body)
	}
	ev, data := stream.next(t)
	var re reaction
	if ev != "reaction" || json.Unmarshal([]byte(data), &re) != nil || re.Seat != 0 || re.Emoji != "🎉" {
		t.Fatalf("the stream: %s %s, want a reaction 🎉 of seat 0", ev, data)
	}
	// A move after: an update, the reaction not sent again.
	st, _ := playMove(t, nil, ts.URL, c.ID, tok, c.State)
	if msg := stream.update(t); msg.State.NumEvents != st.NumEvents {
		t.Fatalf("the update after: %d events, want %d", msg.State.NumEvents, st.NumEvents)
	}
}

// The reactions that a game keeps for its streams are bounded.
func TestReactionsKept(t *testing.T) {
	var r reactions
	for i := range 3 * keptReactions {
		r.add(i%2, Reactions[0])
	}
	if len(r.last) != keptReactions || r.last[0].Seq != 2*keptReactions {
		t.Fatalf("kept %d, the oldest %d", len(r.last), r.last[0].Seq)
	}
	if got := r.since(3*keptReactions - 2); len(got) != 2 || got[0].Seq != 3*keptReactions-2 {
		t.Fatalf("since: %+v", got)
	}
	if got := r.since(0); len(got) != keptReactions {
		t.Fatalf("since 0: %d", len(got))
	}
}
