package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/farkle-go/farkle/cmd/farkle/web/pgstore"
)

// Rematch together across instances: a finished game held by both
// servers; its two players press Rematch at once, one on each. Exactly
// one game is made, both are sent to it, each to their seat turned by
// one, and b's event stream of the finished game sees the offer.
func testRematchAcross(t *testing.T, a, b *pgServer, conn string) {
	g := newGame(t, a, 500)
	for st := state(t, a, g); !st.Over; {
		st = mustMove(t, a, g, st)
	}
	for !state(t, b, g).Over {
		// b reads the game as a's NOTIFY reaches it: at once, mostly.
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res := openStream(ctx, t, b, g.id)
	defer res.Body.Close()
	offered := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var m struct {
				State struct {
					Rematch string `json:"rematch"`
				} `json:"state"`
			}
			if json.Unmarshal([]byte(data), &m) == nil && m.State.Rematch != "" {
				offered <- m.State.Rematch
				return
			}
		}
		close(offered)
	}()

	st, err := pgstore.Open(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	before, err := st.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type answer struct {
		ID      string `json:"id"`
		Seat    int    `json:"seat"`
		Created bool   `json:"created"`
	}
	answers := make([]answer, 2)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, s := range []*pgServer{a, b} {
		wg.Go(func() {
			<-start
			for {
				status, body, err := request("POST", s.base+"/api/games/"+g.id+"/rematch", g.tokens[i], -1, nil)
				if err == nil && status == http.StatusServiceUnavailable {
					continue // overloaded: nothing was made
				}
				if err != nil || (status != http.StatusOK && status != http.StatusCreated) {
					t.Errorf("rematch of seat %d on %s: %d %s %v", i, s.base, status, body, err)
					return
				}
				json.Unmarshal(body, &answers[i])
				return
			}
		})
	}
	close(start)
	wg.Wait()
	if t.Failed() {
		return
	}
	if answers[0].ID == "" || answers[0].ID != answers[1].ID || answers[0].Created == answers[1].Created {
		t.Fatalf("the answers %+v, want one game, made by one press and joined by the other", answers)
	}
	if answers[0].Seat != 1 || answers[1].Seat != 0 {
		t.Errorf("seats %d and %d in the rematch, want 1 and 0", answers[0].Seat, answers[1].Seat)
	}
	after, err := st.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if after != before+1 {
		t.Errorf("%d games stored after the presses, %d before: want one more", after, before)
	}
	if id := <-offered; id != answers[0].ID {
		t.Errorf("b's stream of the finished game offered %q, want %s", id, answers[0].ID)
	}
	// Each token plays its seat of the rematch, on either server.
	for i, s := range []*pgServer{b, a} {
		status, body, err := request("GET", s.base+"/api/games/"+answers[0].ID, g.tokens[i], -1, nil)
		var you struct {
			You *int `json:"you"`
		}
		if err != nil || status != http.StatusOK || json.Unmarshal(body, &you) != nil || you.You == nil || *you.You != answers[i].Seat {
			t.Errorf("seat %d's token in the rematch on %s: %d %s", i, s.base, status, body)
		}
	}
	cancel()
	io.Copy(io.Discard, res.Body)
}
