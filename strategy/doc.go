// Package strategy computes exact Farkle odds and the optimal strategy for
// a single turn, under any rules of package game: which dice to keep and
// when to bank for the most points in one turn. Solve a [Table] once for
// the game's rules (milliseconds), then ask it about any roll, or let a
// [Bot] play by it:
//
//	t, err := strategy.Solve(ctx, g.View().Rules(), strategy.Options{})
//	v := g.View()
//	a, err := t.Advise(strategy.StateOf(v), v.Roll())
//	fmt.Println(a.Keep.Dice(), a.Bank) // [1] false: keep the 1, roll on
//	err = g.Play(strategy.Bot{Table: t}, game.ThresholdBot{BankAt: 350})
//
// Every solver of this module has that shape: Solve(ctx, game.Rules,
// Options) returns a Table, Table.Advise(State, roll) advises, and
// Bot{Table: t} plays. [SolveAverage] is the same for the most points per
// turn over many turns with a penalty for farkles in a row
// ([AverageTable], [AverageBot]); [Table.Odds] gives the odds of every
// roll. To play for the chance of winning a game instead, which depends
// on the scores, see package [github.com/farkle-go/farkle/strategy/win].
//
// # Strategy
//
// [Solve] finds, by dynamic programming over the states of a turn (the
// turn total and the number of dice left to roll), the play that maximizes
// the expected score of one turn: which dice to keep, and whether to bank
// or roll on. The conventions are those of the published analyses: a turn
// starts with a roll of six dice, a farkle scores 0, hot dice (all dice
// kept) give six fresh dice, and ties go to banking. The rules of play of
// the game.Rules passed to Solve that change the answer are the scoring, a
// minimum turn total to bank (MinBank), whether hot dice must be rolled
// (MustRollHotDice) and toxic twos (ToxicTwos). The answers are exact for every turn total up
// to 2^40, however far hot dice carry a turn (see [Table.Cap]).
//
// Solve returns a [Table], which the caller keeps and shares, as with
// regexp.Compile: each call solves the rules again, in a few milliseconds
// for the presets, and a Table is freed like any other value once it is
// no longer used. A nil *Table stands for the table of the zero
// game.Rules (App scoring, no minimum), solved on first use; it is the
// only table the package keeps. Solve checks its context before it
// starts; a solve is too short to report progress (see [Options]).
//
// A Table answers the expected final score of any state ([Table.Value],
// [Table.RollValue]), whether to bank there ([Table.ShouldBank]), the
// smallest turn total from which to bank with each number of dice
// ([Table.BankThreshold]) and the expected score of a whole turn
// ([Table.TurnValue]). Under the App rules (banking allowed after hot
// dice, no minimum) the thresholds are 350, 300, 450, 1050, 3100 and
// 18,600 points with one to six dice left, and a turn is worth 606.98
// points on average.
//
// [Table.Advise] turns the table into advice for a roll in a [State] (the
// turn total before the roll, the dice rolled): the keep to make,
// whether to bank after it, and what every candidate keep is worth,
// rolling on or banking, so that a hint can say "keep 1 and roll 5 dice:
// expected 641; keep 1 and bank: 400". Keeps are [farkle.Partition]
// values, whose Rest is the dice left to roll.
//
// A [Bot] plays by the advice in a game of package game: Bot{Table: t} is
// a game.Bot, which decides without allocating. Solve its table for the
// game's rules, Solve(ctx, g.View().Rules(), Options{});
// [Bot.CheckRules], which package game calls before the first move,
// refuses a table of other rules.
//
// The strategy maximizes the score of one turn. It is the right play for
// a solitaire score attack and a strong heuristic in a game, but near the
// end of a game the chance of winning, which depends on the other players'
// scores, calls for more risk or less: package
// [github.com/farkle-go/farkle/strategy/win] plays for that.
//
// # Average per turn, with penalties
//
// A penalty for farkles in a row (game.Rules.Penalty) ties the turns
// together. [SolveAverage] maximizes the long-run average score per turn
// instead: it solves the average-reward Markov decision problem whose
// state at the start of a turn is the number of farkles in a row, by
// policy iteration over single-turn strategies in which a farkle is
// worth the relative value of the state it leads to. An [AverageTable]
// answers the average ([AverageTable.Gain]), the relative value of each
// state ([AverageTable.Bias]) and, for each number of farkles in a row,
// the play of a turn ([AverageTable.Advise], [AverageTable.ShouldBank],
// [AverageTable.BankThreshold]); an [AverageBot] plays by it in a game.
// Without a penalty its strategy and average are those of the Table. Under
// M. Busche's Zilch game (Zilch scoring, banking from 300 points, the
// third farkle in a row costing 500) the best average is 620.855 points
// per turn, as he published, against 623.02 without the penalty.
//
// # Odds
//
// [Table.Odds] counts the 6^n equally likely ordered rolls of n dice under
// the table's rules: the chance of a farkle as an exact fraction and a
// float64, and the distribution of the best keep's points. Under the App
// rules a farkle has chance 2/3, 4/9, 5/18, 17/108, 25/324 and 5/216 with
// one to six dice.
//
// # Errors
//
// Solve reports invalid rules with the *farkle.RulesError of
// game.Rules.Validate, rules whose table is too large with a
// [*SolveError], and a done context with its error; a Table reports a state it has no answer for (a turn
// total that play cannot reach, a number of dice out of range) with a
// [*StateError]. Bad dice given to Advise give the errors of package
// farkle. SolveAverage and an AverageTable wrap the same sentinels
// ([ErrTooLarge], [ErrFarkles]), and the bots' CheckRules
// wrap [ErrOtherRules]. Test for the sentinels with [errors.Is].
//
// # Published results
//
// The tests reproduce, under the Facebook preset of package farkle,
// M. Busche's finding that with six dice rolling beats banking for every
// turn total under 16,400 and banking wins from 16,400 up, and
// R. McKenna's expected final score of about 293 with three dice to roll
// and 250 in the turn (293.40).
package strategy
