package main

import "testing"

func TestSuggest(t *testing.T) {
	commands := []string{"score", "advise", "play", "win", "serve", "help"}
	presets := []string{"app", "core", "facebook", "zilch", "classic"}
	for _, tc := range []struct {
		word  string
		names []string
		want  string
	}{
		{"scor", commands, "did you mean score?"},                                // a letter removed
		{"scores", commands, "did you mean score?"},                              // added
		{"plya", commands, "did you mean play?"},                                 // two neighbours swapped
		{"pIAy", commands, "did you mean play?"},                                 // in any case
		{"Play", commands, "did you mean play?"},                                 // commands are lower case
		{"wn", commands, "did you mean win?"},                                    //
		{"ploy", []string{"play", "pray", "plot"}, "did you mean play or plot?"}, // ties, pray is two away
		{"sxre", commands, ""},                                                   // two from score and serve, names of 5 letters
		{"advcie", commands, "did you mean advise?"},                             // two from a name of 6 letters
		{"serv", commands, "did you mean serve?"},                                // the closest only
		{"adv", commands, "did you mean advise?"},                                // a unique prefix
		{"s", commands, ""},                                                      // score and serve
		{"dance", commands, ""},
		{"", commands, ""},
		{"faceboo", presets, "did you mean facebook?"},
		{"fb", presets, ""},
		{"fa", presets, "did you mean facebook?"},
		{"clasic", presets, "did you mean classic?"},
		{"zilhc", presets, "did you mean zilch?"},
		{"ap", presets, "did you mean app?"},
		{"poker", presets, ""},
		{"nope", presets, ""}, // two from core
		{"clasik", presets, "did you mean classic?"},
		{"yahtzee", presets, ""},
		{"çore", presets, "did you mean core?"},
		{string(make([]byte, 1e6)), presets, ""},
	} {
		if got := suggest(tc.word, tc.names); got != tc.want {
			t.Errorf("suggest(%.20q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"play", "play", 0},
		{"plya", "play", 1}, {"lpay", "play", 1}, {"paly", "play", 1},
		{"ca", "abc", 3}, // no letter is swapped twice
		{"kitten", "sitting", 3}, {"scor", "score", 1}, {"sxre", "serve", 2},
	} {
		if got := editDistance([]rune(tc.a), []rune(tc.b), 10); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := editDistance([]rune(tc.a), []rune(tc.b), 2); got != min(tc.want, 2) {
			t.Errorf("editDistance(%q, %q, limit 2) = %d, want %d", tc.a, tc.b, got, min(tc.want, 2))
		}
	}
}
