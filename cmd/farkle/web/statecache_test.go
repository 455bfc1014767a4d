package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// marshalState is the reference: encoding/json's encoding of the state
// of e for lang and the seat you (-1 for none).
func marshalState(t testing.TB, s *Server, e *entry, lang string, you int) string {
	st := s.state(e, lang)
	if you >= 0 {
		st.You = &you
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The state cached, with each seat, is byte for byte encoding/json's,
// in every state of many games: every preset and house rule, names that
// JSON must escape, every language, seats and none, a game that reaches
// its limit of events (too_long), renames and undos in the middle.
func TestStateJSON(t *testing.T) {
	var names []string // those that package game takes
	for _, name := range []string{"Ann", `<b>"Bo"</b> & \co`, "Ça\u2028va\u2029!", "Ça\u2028va", "tab\tnew\nline\x01\x7f.", "日本語", "\xff\xfeinvalid", "Zoë", `a\b"c`, "x<y>&z"} {
		if _, err := game.New(game.App.Rules(), []string{name}, nil); err == nil {
			names = append(names, name)
		}
	}
	if len(names) < 5 {
		t.Fatalf("only %q are names", names)
	}
	t.Logf("names: %q", names)
	langs := []string{"", "en", "cs", "fi", "nl", "xx", `"<lang>"`}
	variants := []func(r *game.Rules){
		func(r *game.Rules) {},
		func(r *game.Rules) { r.ToxicTwos, r.SixOnesWin = true, true },
		func(r *game.Rules) { r.Piggyback, r.PiggybackBonus = true, 100 },
		func(r *game.Rules) { r.Scoring.LowStraight, r.Scoring.HighStraight = 750, 1500 },
		func(r *game.Rules) { r.Welfare, r.FinalRound = true, false },
		func(r *game.Rules) { r.Bankrupt, r.Penalty, r.PenaltyAfter = true, 0, 3 },
	}
	rng := mrand.New(mrand.NewPCG(1, 2))
	states := 0
	seen := map[string]bool{}
	for pi, preset := range []game.Preset{game.App, game.Zilch, game.Facebook} {
		for vi, vary := range variants {
			rules := preset.Rules()
			rules.Target = 1500 + 500*vi
			vary(&rules)
			n := 1 + (pi+vi)%4
			players := make([]string, n)
			seats := make([]seat, n)
			for i := range players {
				players[i] = names[(pi+vi+i)%len(names)]
				seats[i] = seat{Kind: KindHuman, TokenHash: "x"}
				if i%2 == 1 {
					seats[i].Kind = KindThreshold
				}
			}
			src := mrand.NewPCG(uint64(pi), uint64(vi))
			g, err := game.New(rules, players, src)
			if err != nil {
				t.Fatalf("rules %+v: %v", rules, err)
			}
			s := &Server{cfg: Config{MaxEvents: 150}, logf: t.Logf}
			e := &entry{id: "0123456789abcdef01234567", g: g, seats: seats, src: src}
			for step := 0; step < 400; step++ {
				for _, lang := range langs {
					for you := -1; you < n; you++ {
						if lang == "" && you == -1 {
							st := s.state(e, lang)
							seen["too_long"] = seen["too_long"] || st.TooLong
							seen["bank_note"] = seen["bank_note"] || st.BankNote != ""
							seen["offer"] = seen["offer"] || st.OfferTotal > 0
							seen["winner"] = seen["winner"] || st.Winner != nil
							seen["kept"] = seen["kept"] || len(st.Kept) > 0
							seen["hot_dice"] = seen["hot_dice"] || st.HotDice
							seen["final_round"] = seen["final_round"] || st.FinalRound
						}
						want := marshalState(t, s, e, lang, you)
						if got := string(s.stateOf(e, lang, you).bytes()); got != want {
							t.Fatalf("preset %v variant %d step %d lang %q you %d:\n%s", preset, vi, step, lang, you, cmp.Diff(want, got))
						}
						states++
					}
				}
				if g.View().Over() || g.NumEvents() >= s.cfg.MaxEvents {
					break
				}
				switch step % 37 {
				case 11: // a rename, as a join makes
					e.renames++
					g.Rename(g.View().Current(), names[step%len(names)]+" 2")
				case 23: // an undo: the game replayed, a new *game.Game
					g2, err := game.Replay(g.View().Rules(), namesOf(g), g.EventsSince(0))
					if err != nil {
						t.Fatal(err)
					}
					g2.SetSource(src)
					e.g, g = g2, g2
				}
				randomMove(g, rng)
			}
		}
	}
	t.Logf("%d states compared", states)
	for _, k := range []string{"too_long", "bank_note", "offer", "winner", "kept", "hot_dice", "final_round"} {
		if !seen[k] {
			t.Errorf("no state with %s compared", k)
		}
	}
}

func namesOf(g *game.Game) []string {
	var out []string
	for _, p := range g.View().Players() {
		out = append(out, p.Name)
	}
	return out
}

// randomMove makes a legal move of g, chosen at random.
func randomMove(g *game.Game, rng *mrand.Rand) {
	if d := g.View().Roll(); d != nil {
		keeps, err := g.View().Scorer().Keeps(d)
		if err == nil && len(keeps) > 0 {
			g.Keep(keeps[rng.IntN(len(keeps))].Dice())
			return
		}
	}
	switch {
	case g.Can(game.ActionPiggyback) == nil && rng.IntN(2) == 0:
		g.Piggyback()
	case g.Can(game.ActionBank) == nil && rng.IntN(3) == 0:
		g.Bank()
	default:
		g.Roll()
	}
}

// Property: any stateJSON, with any strings (invalid UTF-8 included,
// and names that hold the "you" member), numbers and slices nil or not,
// cut where stateOf cuts it, is encoding/json's with any seat put back.
func TestStateJSONProperty(t *testing.T) {
	str := rapid.OneOf(rapid.String(), rapid.StringOf(rapid.RuneFrom([]rune{'<', '>', '&', '"', '\\', '\u2028', '\u2029', '\x00', '\x1f', '\b', '\f', 'a', 'é'})),
		rapid.SampledFrom([]string{`,"you":0`, `","you":0,"`, `\",\"you\":0`}),
		rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) }))
	num := rapid.OneOf(rapid.IntRange(-3, 3), rapid.Int())
	hand := rapid.Custom(func(t *rapid.T) farkle.Hand {
		var dice []farkle.Die
		for range rapid.IntRange(0, farkle.MaxDice).Draw(t, "n") {
			dice = append(dice, farkle.Die(rapid.IntRange(1, 6).Draw(t, "die")))
		}
		h, _ := farkle.HandOf(dice)
		return h
	})
	optInt := func(t *rapid.T, label string) *int {
		if rapid.Bool().Draw(t, label+"?") {
			v := num.Draw(t, label)
			return &v
		}
		return nil
	}
	rapid.Check(t, func(t *rapid.T) {
		st := stateJSON{
			ID: str.Draw(t, "id"), Rules: str.Draw(t, "rules"), Target: num.Draw(t, "target"), Lang: str.Draw(t, "lang"),
			You: optInt(t, "you"), Current: num.Draw(t, "current"), Turn: num.Draw(t, "turn"), TurnTotal: num.Draw(t, "tt"),
			DiceLeft: num.Draw(t, "left"), HotDice: rapid.Bool().Draw(t, "hot"), FinalRound: rapid.Bool().Draw(t, "final"),
			Over: rapid.Bool().Draw(t, "over"), Winner: optInt(t, "winner"), CanRoll: rapid.Bool().Draw(t, "canroll"),
			CanBank: rapid.Bool().Draw(t, "canbank"), BankNote: str.Draw(t, "note"), NumEvents: num.Draw(t, "events"),
			TooLong: rapid.Bool().Draw(t, "toolong"), MinBank: num.Draw(t, "minbank"), MinFirstBank: num.Draw(t, "minfirst"),
			MustRollHotDice: rapid.Bool().Draw(t, "must"), LowStraight: num.Draw(t, "low"), HighStraight: num.Draw(t, "high"),
			ToxicTwos: rapid.Bool().Draw(t, "toxic"), SixOnesWin: rapid.Bool().Draw(t, "six"), Welfare: rapid.Bool().Draw(t, "welfare"),
			Bankrupt: rapid.Bool().Draw(t, "bankrupt"), Piggyback: rapid.Bool().Draw(t, "piggy"), Bonus: num.Draw(t, "bonus"),
			OfferTotal: num.Draw(t, "offertotal"), OfferDice: num.Draw(t, "offerdice"),
		}
		if rapid.Bool().Draw(t, "players?") {
			st.Players = []playerJSON{}
			for range rapid.IntRange(0, 3).Draw(t, "players") {
				st.Players = append(st.Players, playerJSON{Name: str.Draw(t, "name"), Kind: str.Draw(t, "kind"),
					Score: num.Draw(t, "score"), Farkles: num.Draw(t, "farkles"), OnBoard: rapid.Bool().Draw(t, "onboard")})
			}
		}
		if rapid.Bool().Draw(t, "dice?") {
			st.Dice = []farkle.Die{}
			for range rapid.IntRange(0, 6).Draw(t, "dice") {
				st.Dice = append(st.Dice, farkle.Die(rapid.IntRange(1, 6).Draw(t, "die")))
			}
		}
		if rapid.Bool().Draw(t, "keeps?") {
			st.Keeps = []keepJSON{}
			for range rapid.IntRange(0, 3).Draw(t, "keeps") {
				k := keepJSON{Dice: hand.Draw(t, "keep"), Points: num.Draw(t, "points"), DiceLeft: num.Draw(t, "left"), HotDice: rapid.Bool().Draw(t, "hot")}
				if rapid.Bool().Draw(t, "combos?") {
					k.Combos = []comboJSON{}
					for range rapid.IntRange(0, 2).Draw(t, "combos") {
						k.Combos = append(k.Combos, comboJSON{Kind: str.Draw(t, "kind"), Name: str.Draw(t, "name"), Dice: hand.Draw(t, "dice"), Points: num.Draw(t, "points")})
					}
				}
				st.Keeps = append(st.Keeps, k)
			}
		}
		if rapid.Bool().Draw(t, "kept?") {
			st.Kept = []keptJSON{}
			for range rapid.IntRange(0, 3).Draw(t, "kept") {
				st.Kept = append(st.Kept, keptJSON{Dice: hand.Draw(t, "dice"), Points: num.Draw(t, "points")})
			}
		}
		you := optInt(t, "you")
		zero := 0
		st.You = &zero
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(b, youMark)
		if i < 0 {
			t.Fatalf("no %s in %s", youMark, b)
		}
		p := stateParts{head: b[:i], tail: b[i+len(youMark):], you: -1}
		if you != nil && *you >= 0 {
			p.you = *you
		}
		st.You = nil
		if p.you >= 0 {
			st.You = &p.you
		}
		want, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.bytes(); string(got) != string(want) {
			t.Fatalf("%s", cmp.Diff(string(want), string(got)))
		}
	})
}

// The answer of a state has the Content-Length of its body, with a seat
// and without, before and after the state is cached.
func TestStateLength(t *testing.T) {
	_, ts := newTest(t, Config{})
	c := create(t, ts.URL, KindHuman, KindHuman, KindThreshold)
	for _, tok := range []string{"", c.Seats[0].Token, c.Seats[1].Token, "", c.Seats[1].Token} {
		for _, lang := range []string{"", "?lang=cs"} {
			r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+lang, tok, nil)
			if got := r.header.Get("Content-Length"); got != fmt.Sprint(len(r.body)) {
				t.Errorf("token %q lang %q: Content-Length %s, %d bytes", tok, lang, got, len(r.body))
			}
		}
	}
}

// benchEntry returns a game in the middle of a turn, with dice to keep.
func benchEntry(b *testing.B) (*Server, *entry) { return benchEntryT(b) }

func benchEntryT(b testing.TB) (*Server, *entry) {
	src := mrand.NewPCG(1, 2)
	g, err := game.New(game.App.Rules(), []string{"Ann", "Bot"}, src)
	if err != nil {
		b.Fatal(err)
	}
	for g.View().Roll() == nil || g.NumEvents() < 40 {
		randomMove(g, mrand.New(mrand.NewPCG(3, uint64(g.NumEvents()))))
		if g.View().Over() {
			b.Fatal("over")
		}
	}
	s := &Server{cfg: Config{MaxEvents: DefaultMaxEvents}}
	return s, &entry{id: "0123456789abcdef01234567", g: g, seats: []seat{{Kind: KindHuman}, {Kind: KindThreshold}}, src: src}
}

// The state of a move's answer: encoding/json, encoded for the cache,
// and cached.
func BenchmarkState(b *testing.B) {
	s, e := benchEntry(b)
	b.Run("encoding-json", func(b *testing.B) {
		for range b.N {
			st := s.state(e, "en")
			json.Marshal(st)
		}
	})
	b.Run("encode-and-cache", func(b *testing.B) {
		for range b.N {
			e.renames++ // no cache
			s.stateOf(e, "en", 0).bytes()
		}
	})
	b.Run("cached", func(b *testing.B) {
		for range b.N {
			s.stateOf(e, "en", 0).bytes()
		}
	})
}
