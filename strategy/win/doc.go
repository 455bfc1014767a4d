// Package win plays Farkle to win: it solves a whole game of two, three or
// four players for each player's chance to win from every position, every
// player playing to win, and from that table it advises what to keep and
// whether to bank, and plays as a bot of package game. Package strategy
// plays one turn for the most points instead.
//
//	r := game.App.Rules()
//	r.Target = 2000                                     // the rules the game plays, and the table solves
//	t, err := win.Solve(ctx, r, win.Options{})          // Players: 3 or 4 for more
//	adv, err := t.Advise(win.StateOf(g.View()), roll)   // adv.Keep, adv.Bank, adv.Chance
//	err = g.Play(win.Bot{Table: t}, other)              // a bot that plays by t
//
// Solve takes from milliseconds (two players, target 1,000) to minutes
// (see [Solve]); set [Options].Cache to a directory to solve each game
// once, and [Options].Progress to follow a long solve.
//
//   - [Table.Chance], [Table.Chances] and [Table.SeatWin] answer the
//     chances to win from a [State] or from the start of a game.
//   - [Table.Advise] says what to do with a roll, with the chances of
//     every candidate keep, rolling on or banking: a hint button's answer.
//   - [Bot] plays by a table in a game of package game: exactly in a game
//     of the table's number of players, by a fallback in larger games.
//
// # Two, three and four players
//
// Two players are solved exactly, as a zero-sum game: the question of M.
// Busche and T. Neller, "Optimal Play of the Farkle Dice Game" (ACG
// 2017), with every rule of play of package game but Welfare and
// Piggyback (a penalty for farkles in a row, bankruptcy, an opening
// minimum, a final round, must-roll hot dice, toxic twos, six 1s that
// win). Under Core scoring, target 10,000 and no final round the first
// player wins 53.695% of games, and under M. Busche's 2016 rules
// (Facebook scoring, banking from 300, 500 for the third farkle in a row)
// 53.487%; the tests reproduce both.
//
// Three players are solved for a stationary equilibrium: each player
// maximizes their own chance, which is not zero-sum, and at a few
// positions a player mixes two plays (see [Table.Mixing]). Three players
// are solved with any scoring, a minimum bank, an opening minimum and a
// final round, but no penalty, bankruptcy, must-roll hot dice, toxic twos
// or six 1s that win (their state needs more than the three scores).
// With a final round, a [State] whose score of the next or the after
// player is at or above the target is a last turn of the final round: the
// first such score after the mover's, in order of play, is the one who
// reached the target; the mover must end above it (and above a later
// player's last turn).
//
// Four players are solved for the same equilibrium, with any scoring, a
// minimum bank, an opening minimum and a final round, up to target 3,200
// in steps of 50 (a table of 32 bytes a position, 415 MB at 3,000):
// without a final round about two minutes of CPU at 2,000 and a quarter
// of an hour at 3,000 under Core scoring; with one half a minute at 1,000,
// nine minutes at 2,000 and 35 minutes (1.5 GB) at 3,000, two to ten
// times as long as without. A
// [State] of a table of four has four scores; with a final round a score
// at or above the target is a last turn, as with three players: the first
// such score after the mover's, in order of play, is the one who reached
// the target, and the players between it and the mover have had their
// last turns. [Table.FairestStarts] gives the fairest head starts of the
// second, third and fourth players.
//
// The models, the solution concept and the published figures are set out
// in docs/research.md of the repository.
//
// # Research
//
// Beside the play, a Table answers what a whole game is like:
// [Table.FairestKomi] (two players: the head start that makes the game
// fairest), [Table.FairestHeadStarts] (three players),
// [Table.FairestStarts] (any number), and [Table.Mixed] and
// [Table.Mixing] (three and four players: where a player mixes). [Duel]
// computes exactly, from the Markov chain of two fixed policies
// ([TablePolicy], [ScorePolicy], [ThresholdPolicy]), how often one beats
// the other in a game of two players, going first and going second.
//
// # Errors
//
// Solve and Duel report rules they do not solve, bad Options, games too
// large and policies that cannot play with a [*SolveError]; a Table
// reports a position it has no answer for with a [*StateError]; bad dice
// given to Advise give the errors of package farkle. [Bot.CheckRules],
// which package game calls before a bot's first move, refuses a Bot
// without a table or with a table solved for other rules. Test for the
// sentinels with [errors.Is].
package win
