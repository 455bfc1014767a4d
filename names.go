package farkle

import "strings"

// Localized names of the kinds, for the languages of the app's help page
// (Czech, Finnish, Dutch) and English. The names of the first nine kinds
// are those of the page's own scoring tables; the page has no name for
// FourAndPair, TwoTriplets and Nothing, so theirs are ours, in the same
// style, as are those of LowStraight and HighStraight, the short
// straights of the house rules, which follow the names that dice games in
// each language give 1-2-3-4-5 and 2-3-4-5-6.
// The arrays are static data: nothing is built at import.
var (
	namesEN = [numKinds]string{
		SingleOne:    "Single one",
		SingleFive:   "Single five",
		ThreeOnes:    "Three ones",
		ThreeOfAKind: "Three of a kind",
		FourOfAKind:  "Four of a kind",
		FiveOfAKind:  "Five of a kind",
		SixOfAKind:   "Six of a kind",
		Straight:     "Straight",
		ThreePairs:   "Three pairs",
		FourAndPair:  "Four of a kind and a pair",
		TwoTriplets:  "Two triplets",
		Nothing:      "Six dice with nothing",
		LowStraight:  "Low straight",
		HighStraight: "High straight",
	}
	namesCS = [numKinds]string{
		SingleOne:    "Jedna kostka s hodnotou 1",
		SingleFive:   "Jedna kostka s hodnotou 5",
		ThreeOnes:    "Trojice kostek s hodnotou 1",
		ThreeOfAKind: "Jiná trojice",
		FourOfAKind:  "Čtveřice",
		FiveOfAKind:  "Pět stejných",
		SixOfAKind:   "Šest stejných",
		Straight:     "Postupka",
		ThreePairs:   "Tři páry",
		FourAndPair:  "Čtveřice a pár",
		TwoTriplets:  "Dvě trojice",
		Nothing:      "Šest kostek bez bodů",
		LowStraight:  "Malá postupka",
		HighStraight: "Velká postupka",
	}
	namesFI = [numKinds]string{
		SingleOne:    "Ykkönen",
		SingleFive:   "Vitonen",
		ThreeOnes:    "Kolme ykköstä",
		ThreeOfAKind: "Muu kolmen kopla",
		FourOfAKind:  "Neljä samaa",
		FiveOfAKind:  "Viisi samaa",
		SixOfAKind:   "Kuusi samaa",
		Straight:     "Suora",
		ThreePairs:   "Kolme paria",
		FourAndPair:  "Neljä samaa ja pari",
		TwoTriplets:  "Kaksi kolmen koplaa",
		Nothing:      "Kuusi noppaa ilman pisteitä",
		LowStraight:  "Pieni suora",
		HighStraight: "Iso suora",
	}
	namesNL = [numKinds]string{
		SingleOne:    "Een 1",
		SingleFive:   "Een 5",
		ThreeOnes:    "Drie gelijke van 1",
		ThreeOfAKind: "Andere drie gelijke",
		FourOfAKind:  "Carré",
		FiveOfAKind:  "Vijf gelijke",
		SixOfAKind:   "Zes gelijke",
		Straight:     "Straat",
		ThreePairs:   "Drie paren",
		FourAndPair:  "Carré en een paar",
		TwoTriplets:  "Twee keer drie gelijke",
		Nothing:      "Zes dobbelstenen zonder punten",
		LowStraight:  "Kleine straat",
		HighStraight: "Grote straat",
	}
)

// languages lists the languages of the names, by code, with their names.
var languages = [...]struct {
	code  string
	names *[numKinds]string
}{{"cs", &namesCS}, {"en", &namesEN}, {"fi", &namesFI}, {"nl", &namesNL}}

// Languages returns the codes of the languages that [Kind.Name] and
// [Kind.LookupName] know, in alphabetical order: "cs" (Czech), "en"
// (English), "fi" (Finnish) and "nl" (Dutch). The slice is new on each
// call: the caller may change it.
func Languages() []string {
	out := make([]string, len(languages))
	for i, l := range languages {
		out[i] = l.code
	}
	return out
}

// namesOf returns the names in the language of the BCP 47 tag lang, or
// nil if the package has no names in that language.
func namesOf(lang string) *[numKinds]string {
	primary, _, _ := strings.Cut(lang, "-")
	primary, _, _ = strings.Cut(primary, "_")
	primary = strings.ToLower(primary)
	for _, l := range languages {
		if primary == l.code {
			return l.names
		}
	}
	return nil
}

// LookupName returns the name of k for display in the language lang, as
// [Kind.Name] does, and true; if the package has no names in that
// language (see [Languages]), it returns "" and false. The boolean says
// only whether lang is known: a value that is no kind gives what Name
// gives, [Kind.String], and true. As for Name, only the primary language
// subtag of lang counts, in any case: "fi-FI" and "FI" are Finnish.
func (k Kind) LookupName(lang string) (string, bool) {
	if namesOf(lang) == nil {
		return "", false
	}
	return k.Name(lang), true
}

// Name returns the name of k for display in the language lang, a BCP 47
// tag such as "cs", "fi-FI" or "nl_BE": only its primary language subtag
// counts, in any case. The languages are Czech ("cs"), Finnish ("fi"),
// Dutch ("nl") and English ("en"); any other tag, such as "de" or "",
// falls back to English without saying so: use [Kind.LookupName] to learn
// whether lang is known. For the first nine kinds the names are those of
// the app's help page, such as "Postupka", "Suora" and "Straat" for
// [Straight]. A value that is no kind gives the same as [Kind.String].
func (k Kind) Name(lang string) string {
	if k == 0 || int(k) >= numKinds {
		return k.String()
	}
	if names := namesOf(lang); names != nil {
		return names[k]
	}
	return namesEN[k]
}
