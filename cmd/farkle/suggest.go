package main

import (
	"strings"
	"unicode"
)

// maxSuggestDistance is the largest edit distance of a suggestion, for a
// name of longSuggestName letters or more; a shorter name may be one
// edit away only, so that "nope" (two from core) suggests nothing.
const (
	maxSuggestDistance = 2
	longSuggestName    = 6
)

// suggest returns what a mistyped word may have meant among names, for
// the end of a usage error: "did you mean play?", "did you mean score or
// serve?", or "" when no name is close. The comparison ignores case. The
// names suggested are those closest to the word by edit distance, if
// that is at most 1, or 2 for a name of 6 letters or more: a letter
// added, removed or changed, or two neighbouring letters swapped, count
// one each ("scor", "plya" and "faceboo" are one from score, play and
// facebook). When no name is that close, the name that the word starts,
// if it starts only one ("adv" for advise), is suggested.
func suggest(word string, names []string) string {
	if word == "" {
		return ""
	}
	w := []rune(strings.ToLower(word))
	best := maxSuggestDistance + 1
	var near []string
	for _, n := range names {
		name := []rune(strings.ToLower(n))
		most := 1
		if len(name) >= longSuggestName {
			most = maxSuggestDistance
		}
		d := editDistance(w, name, maxSuggestDistance+1)
		switch {
		case d > most || d > best:
		case d < best:
			best, near = d, []string{n}
		default:
			near = append(near, n)
		}
	}
	if len(near) == 0 {
		for _, n := range names {
			if strings.HasPrefix(strings.ToLower(n), string(w)) {
				near = append(near, n)
			}
		}
		if len(near) != 1 {
			return ""
		}
	}
	return "did you mean " + joinOr(near) + "?"
}

// editDistance returns the edit distance of a and b, a swap of two
// neighbours counting one (the optimal string alignment distance), or
// limit if it is limit or more. A word much longer than the names costs
// no more than they do.
func editDistance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	// rows[i%3][j] is the distance of a[:i] and b[:j].
	var rows [3][]int
	for i := range rows {
		rows[i] = make([]int, len(b)+1)
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := rows[i%3], rows[(i-1)%3], rows[(i+1)%3]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
	}
	return min(rows[len(a)%3][len(b)], limit)
}

// isWord reports whether s is letters only: a first argument that is a
// word is meant as a command, since dice are digits.
func isWord(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}
