package web_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	mrand "math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/oldlog"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
	"github.com/farkle-go/farkle/game"
)

// The servers of the child processes keep their games as farkle serve
// does.
func init() {
	web.ChildStore = func(dir string) (web.Store, error) { return boltstore.Open(dir) }
}

// The Store of package web's tests keeps the contract.
func TestMemStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) { return web.NewMemStore(), nil })
}

// A game of the old format's log, imported by the embedded store, is
// served: its state, its token, its next move.
func TestImportServed(t *testing.T) {
	dir := t.TempDir()
	src := mrand.NewChaCha8([32]byte{5})
	g, err := game.New(game.Rules{Target: 100_000}, []string{"Ann", "Bot"}, src)
	if err != nil {
		t.Fatal(err)
	}
	const tok = "the-seat-token"
	hash := sha256.Sum256([]byte(tok))
	header, _ := json.Marshal(map[string]any{"format": "farkle-serve-game", "version": 2, "rules": g.View().Rules(), "players": []string{"Ann", "Bot"},
		"seats": []map[string]string{{"kind": "human", "token_hash": hex.EncodeToString(hash[:])}, {"kind": "threshold", "token_hash": ""}}})
	log := oldlog.AppendRecord([]byte(oldlog.MagicV2), header)
	record := func(from int) {
		state, _ := src.MarshalBinary()
		rec, _ := json.Marshal(map[string]any{"from": from, "events": append([]game.Event{}, g.EventsSince(from)...), "source": map[string]any{"type": "chacha8", "state": state}})
		log = oldlog.AppendRecord(log, rec)
	}
	record(0)
	if err := g.Roll(); err != nil { // Ann's roll
		t.Fatal(err)
	}
	record(0)
	id := "0123456789abcdef01234567"
	if err := os.WriteFile(filepath.Join(dir, id+".log"), log, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := web.New(web.Config{Store: st, Rate: -1, MaxCPUWait: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer func() { ts.Close(); srv.Release() }()
	var state struct {
		NumEvents int `json:"num_events"`
		You       *int
		Keeps     []struct {
			Dice []int `json:"dice"`
		} `json:"keeps"`
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+id, nil)
	req.Header.Set(web.TokenHeader, tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(res.Body).Decode(&state)
	res.Body.Close()
	if res.StatusCode != 200 || state.NumEvents != g.NumEvents() || state.You == nil || *state.You != 0 || len(state.Keeps) == 0 {
		t.Fatalf("the imported game: status %d, %+v; want %d events, you 0, keeps", res.StatusCode, state, g.NumEvents())
	}
	body, _ := json.Marshal(map[string][]int{"dice": state.Keeps[0].Dice})
	req, _ = http.NewRequest("POST", ts.URL+"/api/games/"+id+"/keep", bytes.NewReader(body))
	req.Header.Set(web.TokenHeader, tok)
	req.Header.Set("Content-Type", "application/json")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("a keep in the imported game: status %d", res.StatusCode)
	}
}
