package testgate

import "testing"

// Slow follows FARKLE_SLOW exactly: only "1" asks for the slow tests.
func TestSlow(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want bool
	}{
		{"", false},
		{"0", false},
		{"yes", false},
		{"1", !testing.Short() && !Race},
	} {
		t.Setenv(Env, tc.env)
		if got := Slow(); got != tc.want {
			t.Errorf("%s=%q: Slow() = %v, want %v", Env, tc.env, got, tc.want)
		}
	}
}

// Wide needs both FARKLE_SLOW=1 and FARKLE_WIDE=1.
func TestWide(t *testing.T) {
	for _, tc := range []struct {
		slow, wide string
		want       bool
	}{
		{"", "", false},
		{"", "1", false},
		{"1", "", false},
		{"1", "yes", false},
		{"0", "1", false},
		{"1", "1", !testing.Short() && !Race},
	} {
		t.Setenv(Env, tc.slow)
		t.Setenv(WideEnv, tc.wide)
		if got := Wide(); got != tc.want {
			t.Errorf("%s=%q %s=%q: Wide() = %v, want %v", Env, tc.slow, WideEnv, tc.wide, got, tc.want)
		}
	}
}

// Long skips without FARKLE_SLOW=1: the test below must not get past it.
func TestLongSkips(t *testing.T) {
	t.Setenv(Env, "")
	ran := false
	t.Run("gated", func(t *testing.T) {
		Long(t)
		ran = true
	})
	if ran {
		t.Fatal("Long did not skip with FARKLE_SLOW unset")
	}
}
