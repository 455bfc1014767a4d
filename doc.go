// Package farkle scores the dice of the Farkle family of games (Farkle,
// Zilch, 10000, Kostky): exactly, with no allocation on the hot paths, and
// under the house rules a game chooses. Dice go in and come out as a []Die.
//
//	roll := []farkle.Die{1, 2, 3, 4, 6, 6}
//	points, err := farkle.ValidateKeep(roll, []farkle.Die{1}) // 100, nil
//	best, err := farkle.BestKeep(roll)
//	fmt.Println(best.Dice(), best.Points(), best.Rest()) // [1] 100 [2 3 4 6 6]
//
// The package-level functions score under the App rules, written out
// below. For other rules, [New] compiles a [Rules] value (a named
// [Scoring]'s rules, changed as a table plays) into a [Scorer] with the
// same methods:
//
//	house := farkle.FacebookScoring.Rules()
//	house.FourAsTwoPairs = true
//	s, err := farkle.New(house)
//	points, err = s.Score([]farkle.Die{3, 3, 3, 3, 5, 5}) // 750
//
// Package game plays whole games with these rules, package strategy
// advises on a turn, and package strategy/win plays to win.
//
// The App rules are those of a dice app whose help page, "the
// combinations and their points", is this package's specification.
//
// # The App rules
//
// This section is the one place where the App rules are written out; the
// README, the [Kind] constants and [AppScoring] refer to it. A set of
// dice kept together from one roll scores:
//
//   - [SingleOne]: each 1 that is part of no other combination, 100.
//   - [SingleFive]: each 5 that is part of no other combination, 50.
//   - [ThreeOnes]: three 1s, 1000.
//   - [ThreeOfAKind]: three equal dice from 2 to 6, face x 100.
//   - [FourOfAKind]: four equal dice, whatever the face, 1000.
//   - [FiveOfAKind]: five equal dice, 2000.
//   - [SixOfAKind]: six equal dice, 3000.
//   - [Straight]: 1-2-3-4-5-6 on all six dice, 2500.
//   - [ThreePairs]: three pairs on all six dice, four of a kind and a pair
//     included, 1500.
//
// # The rules that surprise
//
//   - Three or more equal dice kept together always form one combination
//     of all of them: four 1s are [FourOfAKind], 1000, not three 1s and a
//     single 1 (1100). Keeping only three of them is worth as much and
//     leaves one more die to roll, so [BestKeep] does that.
//   - When all six dice are kept at once, the interpretation worth most
//     wins: 1,1,1,1,5,5 is [ThreePairs], 1500, not 1000 + 50 + 50.
//   - Two triplets have no special value: 2,2,2,3,3,3 is 200 + 300.
//   - A die that scores nothing cannot be kept: a lone 2, 3, 4 or 6, or a
//     pair outside three pairs. From 1,2,3,4,6,6, keeping 1 and 2 is
//     rejected; keeping the 1 alone is worth 100.
//   - Combinations never span two rolls: every function scores dice of
//     one roll.
//
// # Using the package
//
// A [Die] is a face value from 1 to 6. [Score] gives the points of dice
// kept together, and [ValidateKeep] checks a player's keep against the
// roll; both are table lookups that take a few nanoseconds and never
// allocate. [BestPartition] shows how dice split into combinations (a
// [Partition] of [Combo] values and the rest), [BestKeep] finds the best
// keep of a roll, [Keeps] lists every legal keep (to highlight the dice a
// player may tap; [AppendKeeps] without allocating), and [IsFarkle] tells
// a roll with nothing to keep.
//
// Results are small values with no slices inside: a [Hand] is a multiset
// of dice (a count per face), a [Combo] a kind, a Hand and points, and a
// Partition up to six Combos and the Hand of the rest. All three are
// comparable with ==, and BestPartition and BestKeep return them without
// allocating. The dice of a Partition ([Partition.Dice], [Partition.Rest])
// and of a Hand ([Hand.Dice]) come out as a []Die that goes back to any
// function here, or to game.Game.Keep, as it is; those methods are
// inlined, so the slice lives in the caller's frame and passing it on
// allocates nothing. [HandOf] is the one conversion the other way.
//
//	points, err := farkle.ValidateKeep(roll, kept)
//	if errors.Is(err, farkle.ErrNonScoring) {
//		// tell the player which dice score nothing
//	}
//
// # Ties
//
// Where two answers are worth the same, the functions choose the same way
// every time:
//
//   - [Score] and [BestPartition] take the split with the most points, then
//     the most dice in combinations, then the fewest combinations, then the
//     smallest [Kind] first.
//   - [BestKeep] takes the keep with the most points, then the fewest dice
//     (leaving the most to roll), then the smallest dice.
//   - [Keeps] orders keeps by points descending, then fewest dice, then
//     dice ascending, so its first element is the [BestKeep].
//
// # Errors
//
// No function panics on bad input, modifies its arguments or returns
// slices that share memory with them. Errors about dice are [*DiceError]
// values that wrap one of [ErrInvalidDie], [ErrTooManyDice], [ErrNoDice],
// [ErrNotInRoll] and [ErrNonScoring] (test with [errors.Is]) and carry the
// offending dice (read with [errors.As]); they are checked in that order.
// Errors about rules are [*RulesError] values that wrap [ErrInvalidRules].
// A kind, combination or partition decoded from JSON that this package
// could not have made gives an error wrapping [ErrInvalidCombo].
//
// # JSON
//
// The value types encode to plain JSON that a web client reads, and
// decode from it with checks; the shapes never change:
//
//   - a [Die] is a number, 5, and a []Die an array of numbers, [1,5];
//   - a [Hand] is an ascending array of numbers, [1,1,5], and the zero
//     Hand [];
//   - a [Kind] is a lower-case name, "three_of_a_kind", spelled as the
//     keys of [Rules.MarshalJSON], and the zero Kind "";
//   - a [Combo] is {"kind":"three_of_a_kind","dice":[5,5,5],"points":500};
//   - a [Partition] is an object with its points, the dice of its
//     combinations, the combinations and the rest:
//     {"points":1050,"dice":[1,1,1,5],"combos":[...],"rest":[2,3]}.
//
// Decoding refuses bad faces and more than six dice with the errors above,
// and a combination whose dice are not its kind's, or a partition whose
// points, dice and combinations disagree, with [ErrInvalidCombo].
// Decoding what was encoded gives back an == value. [ParseDice] reads
// dice from text, as "155", "1,5,5", "1 5 5" or "[1,5,5]".
//
// # House rules
//
// A [Rules] value describes a scoring variant as plain data: single and
// triple values, how four to six of a kind score ([Bonus]), a straight,
// three pairs, four of a kind and a pair, two triplets, six dice with
// nothing, the short straights 1-2-3-4-5 and 2-3-4-5-6 on five dice
// ([Rules].LowStraight and HighStraight, kinds [LowStraight] and
// [HighStraight]), and whether equal dice may be split. A [Scoring] names
// each of the five rule sets that come with the package: [AppScoring],
// [CoreScoring], [FacebookScoring], [ZilchScoring] and [ClassicScoring]
// (the presets of whole games, rules of play included, are package
// game's). A Scoring is a name, not a variable: take a copy of its rules,
// change what your table plays differently, and pass them to [New]:
//
//	house := farkle.FacebookScoring.Rules()
//	house.FourAsTwoPairs = true
//	s, err := farkle.New(house)
//
// [New] builds a Scorer's tables once, in about 2 ms; keep the
// Scorer, which is safe for concurrent use. Rules and presets marshal to
// JSON and text with stable names. [Kind.Name] gives the combinations'
// names in Czech, Finnish, Dutch and English, falling back to English;
// [Languages] lists the languages, and [Kind.LookupName] says when it has
// no name in a language.
//
// Importing the package does no work: every table is built on first use.
package farkle
