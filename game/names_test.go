package game

import (
	"errors"
	"strings"
	"testing"
)

// TestEmojiNames checks that names with emoji, whose sequences need
// formatting characters, are accepted, and that every other formatting
// or control character is refused.
func TestEmojiNames(t *testing.T) {
	good := []string{
		"👨‍👩‍👧",    // family: ZWJ sequence
		"Ann 👩🏽‍💻", // skin tone, then ZWJ
		"🏳️‍🌈 Bea", // variation selector, then ZWJ
		"❤️‍🔥",     // heart on fire
		"🏴‍☠️",     // pirate flag: ZWJ after the black flag
		"🇫🇮🇳🇱🇨🇿",   // flags of regional indicators
		"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", // Scotland: tags
		"Zoë", "Ünal", "山田", "e\u0301", // combining marks
		"1\ufe0f\u20e3", // keycap
	}
	for _, n := range good {
		if err := checkName(n); err != nil {
			t.Errorf("checkName(%q) = %v, want nil", n, err)
		}
	}
	bad := []string{
		"a\u202eb", "\u202aAnn", "Ann\u202b", "A\u202cB", "A\u202dB", // bidirectional embeddings and overrides
		"a\u2066b", "a\u2067b", "a\u2068b", "a\u2069b", // bidirectional isolates
		"a\u200eb", "a\u200fb", // marks of direction
		"\u200d👩", "👩\u200d", "A\u200dB", "👩\u200d\u200d👧", "👩\u200dB", // a joiner of no emoji sequence
		"a\u200bb", "a\ufeffb", "a\u00adb", "a\u2060b", // zero width space, BOM, soft hyphen, word joiner
		"\U000e0067\U000e007f", "🏴\U000e0067", "A\U000e0067\U000e007f", "🏴\U000e007f", "🏴\U000e0067x\U000e007f", // tags outside a flag
		"a\x00b", "a\x1bb", "a\u0085b", "a\nb", // control characters
	}
	for _, n := range bad {
		if err := checkName(n); err == nil {
			t.Errorf("checkName(%q) = nil, want an error", n)
		}
	}
	if _, err := New(App.Rules(), []string{"👨‍👩‍👧", "a\u202eb"}, nil); !errors.Is(err, ErrPlayers) {
		t.Errorf("New with a right-to-left override: %v, want ErrPlayers", err)
	}
}

func TestRename(t *testing.T) {
	g, err := New(App.Rules(), []string{"Ann", ""}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Rename(1, "👨‍👩‍👧 Bea"); err != nil {
		t.Fatal(err)
	}
	if got := g.View().Players()[1].Name; got != "👨‍👩‍👧 Bea" {
		t.Errorf("after Rename, player 1 is %q", got)
	}
	for _, c := range []struct {
		i    int
		name string
	}{{1, "a\u202eb"}, {1, " Bea"}, {1, strings.Repeat("x", MaxNameLen+1)}, {2, "Cy"}, {-1, "Cy"}} {
		var pe *PlayersError
		if err := g.Rename(c.i, c.name); !errors.As(err, &pe) || !errors.Is(err, ErrPlayers) {
			t.Errorf("Rename(%d, %q) = %v, want a *PlayersError", c.i, c.name, err)
		}
	}
	if got := g.View().Players()[1].Name; got != "👨‍👩‍👧 Bea" {
		t.Errorf("a refused Rename changed the name to %q", got)
	}
	if err := g.Rename(0, ""); err != nil || g.View().Players()[0].Name != "Player 1" {
		t.Errorf("Rename(0, \"\") = %v, name %q; want Player 1", err, g.View().Players()[0].Name)
	}
	var zero Game
	if err := zero.Rename(0, "Ann"); !errors.Is(err, ErrPlayers) {
		t.Errorf("Rename of the zero Game: %v", err)
	}
}
