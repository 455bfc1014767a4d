// Package strategy computes exact Farkle odds and the optimal strategy for
// a single turn, under any rules that package farkle can score.
//
// # Strategy
//
// [Solve] finds, by dynamic programming over the states of a turn (the
// turn total and the number of dice left to roll), the play that maximizes
// the expected score of one turn: which dice to keep, and whether to bank
// or roll on. The conventions are those of the published analyses: a turn
// starts with a roll of six dice, a farkle scores 0, hot dice (all dice
// kept) give six fresh dice, and ties go to banking. [Options] set the play
// rules that change the answer: a minimum turn total to bank, and whether
// hot dice must be rolled. The answers are exact for every turn total up
// to 2^40, however far hot dice carry a turn (see [Table.Cap]).
//
// Solve returns a [Table], which the caller keeps and shares, as with
// regexp.Compile: each call solves the rules again, in a few milliseconds
// for the presets, and a Table is freed like any other value once it is
// no longer used. A nil *Table stands for the table of the App rules with
// the zero Options, solved on first use; it is the only table the package
// keeps.
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
// [Table.Advise] turns the table into advice for a roll: the keep to make,
// whether to bank after it, and what every candidate keep is worth,
// rolling on or banking, so that a hint can say "keep 1 and roll 5 dice:
// expected 641; keep 1 and bank: 400". Keeps are [farkle.Partition]
// values, whose Rest is the dice left to roll.
//
// A [Bot] plays by the advice in a game of package game: Bot{Table: t} is
// a game.Bot, which decides without allocating. Solve its table with the
// game's Scorer and rules of play.
//
// The strategy maximizes the score of one turn. It is the right play for
// a solitaire score attack and a strong heuristic in a game, but near the
// end of a game the chance of winning, which depends on the other players'
// scores, calls for more risk or less.
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
// # Playing to win
//
// [SolveWin] solves the whole two-player game for the chance of winning,
// the question of M. Busche and T. Neller, "Optimal Play of the Farkle
// Dice Game" (ACG 2017). The model: two players alternate turns. The
// player to move has banked b and the opponent d; within the turn the
// state is (turn total t, dice left n). Rolls, keeps and hot dice follow
// the scorer; a farkle ends the turn with nothing. Banking adds t to b and
// passes the turn. The rules of play come from game.Rules:
//
//   - Target (0 = 10,000): without FinalRound the first to bank at least
//     the target wins at once; with FinalRound the other player gets one
//     last turn and must end strictly above (a tie goes to the player who
//     reached the target first, as package game does). A last turn whose
//     chance is under 1e-18 counts as lost: an error under 1e-17.
//   - MinBank: a bank needs t >= MinBank.
//   - Penalty after PenaltyAfter farkles in a row: the state then includes
//     each player's farkles in a row, and scores may fall below zero;
//     they are bounded by a floor ([WinOptions].Floor, by default -2500 as
//     in M. Busche's 2016 analysis): a penalty that would take a score
//     below the floor leaves it at the floor.
//   - MustRollHotDice: after hot dice the player must roll six dice.
//   - MinFirstBank is not supported: SolveWin refuses it with an error
//     wrapping [ErrWinRules].
//
// The goal is the probability of winning. The equations have cycles (both
// players may farkle forever); SolveWin solves them exactly, up to a
// residual under 1e-12: positions in decreasing order of b+d, each pair
// (b, d), (d, b) by Newton steps on the piecewise-linear value of a
// turn as a function of the value of a farkle; with a penalty, which
// lowers b+d, by sweeps of the same order until no chance moves by more
// than 1e-14, starting from the same game without the penalty. It keeps
// the chance at the start of each turn, one float64 a position (about
// 320 KB for target 10,000); [WinTable.ChanceIn] and [WinTable.Advise]
// compute positions within a turn on demand, in under a millisecond for
// target 10,000. With a final round, fewer points with the same dice left
// may be worth more (to stay under the target), so there every legal keep
// counts, not only the best keep for each number of kept dice. For the same
// reason more banked score can lower the chance to win: under Facebook
// scoring, target 500, a final round and a minimum bank of 300, the player
// to move wins 52.36% with 200 against 300 but 52.44% with 150, since from
// 200 every bank reaches the target and gives the opponent a last turn.
// Without a final round more banked score never lowers the chance.
//
// [WinTable.FirstPlayerWin] is the chance of the player who starts, and
// [WinTable.FairestKomi] the head start for the second player that makes
// the game fairest. A [WinBot] plays by the table in a game of package
// game. Under the Core scoring of package farkle, target 10,000, no final
// round, no minimum to bank, no penalty and banking allowed after hot
// dice, the first player wins 53.695% of games and the fairest komi is
// 200 points, as Busche and Neller found. Under Facebook scoring, banking
// from 300 points, the third farkle in a row costing 500, scores floored at
// -2500 and no final round, the first player wins 53.487%, as M. Busche
// found in 2016.
//
// [Duel] computes exactly, from the Markov chain of two fixed policies
// (a [WinPolicy], a [ScorePolicy] or a [ThresholdPolicy]), the chance
// that one beats the other going first and going second. In the Busche
// and Neller model the win-optimal bot beats the expected-score bot in
// 56.59% of games going first and 49.07% going second, against 53.70% and
// 46.30% between equal players.
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
// Solve reports rules it cannot solve and bad Options with a
// [*SolveError]; a Table reports a state it has no answer for (a turn
// total that play cannot reach, a number of dice out of range) with a
// [*StateError]. Bad dice given to Advise give the errors of package
// farkle. Test for the sentinels with [errors.Is].
//
// # Published results
//
// The tests reproduce, under the Facebook preset of package farkle,
// M. Busche's finding that with six dice rolling beats banking for every
// turn total under 16,400 and banking wins from 16,400 up, and
// R. McKenna's expected final score of about 293 with three dice to roll
// and 250 in the turn (293.40).
package strategy
