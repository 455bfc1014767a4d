package web

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"
)

// The new game's form allows what the API allows: the target and the
// piggyback bonus at most maxTarget, the short straights at most
// maxStraight.
func TestHomeFormLimits(t *testing.T) {
	_, ts := newTest(t, Config{})
	r := call(t, nil, "GET", ts.URL+"/", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("GET /: %d", r.status)
	}
	for id, want := range map[string]int{"target-input": maxTarget, "piggyback-bonus": maxTarget, "low-straight": maxStraight, "high-straight": maxStraight} {
		m := regexp.MustCompile(`<input [^>]*id="` + id + `"[^>]*>`).Find(r.body)
		if m == nil {
			t.Errorf("no input %s on the home page", id)
			continue
		}
		lim := regexp.MustCompile(` max="(\d+)"`).FindSubmatch(m)
		if lim == nil {
			t.Errorf("the input %s has no max: %s", id, m)
			continue
		}
		if n, _ := strconv.Atoi(string(lim[1])); n != want {
			t.Errorf("the input %s allows up to %d, the server %d", id, n, want)
		}
	}
}
