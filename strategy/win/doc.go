// Package win plays Farkle to win a game of two players: it solves the
// whole game for the chance that the player to move wins, from every
// position, when both players play to win, and from that table it advises
// the keep and the bank with the most chance of winning, plays as a bot of
// package game, and computes exactly how often one way of playing beats
// another. Package strategy plays one turn for the most points instead.
//
//   - [Solve] solves the game under a game.Rules value and returns a
//     [Table]: in milliseconds for target 1,000, seconds for target 10,000
//     on two cores, half a minute with a penalty for farkles in a row. Keep it,
//     share it, or save it with [Table.MarshalBinary].
//   - [Table.Chance] and [Table.ChanceAt] answer the chance to win from a
//     [State] (the banked scores, the farkles in a row, whether on the
//     board, the turn so far);
//     [Table.FirstPlayerWin] and [Table.FairestKomi] describe the game.
//   - [Table.Advise] says what to do with a roll, with the chance of every
//     candidate keep, rolling on or banking: a hint button's answer.
//     [StateOf] reads the State of a game.View.
//   - [Bot] plays by the table in a game of package game.
//   - [Duel] computes exactly, from the Markov chain of two fixed policies
//     ([TablePolicy], [ScorePolicy], [ThresholdPolicy]), how often one beats
//     the other going first and going second.
//
// # The model
//
// The question is that of M. Busche and T. Neller, "Optimal Play of the
// Farkle Dice Game" (ACG 2017). Two players alternate turns. The player to
// move has banked b and the opponent d; within the turn the state is (turn
// total t, dice left n). Rolls, keeps and hot dice follow the scorer; a
// farkle ends the turn with nothing. Banking adds t to b and passes the
// turn. The rules of play come from game.Rules:
//
//   - Target (0 = 10,000): without FinalRound the first to bank at least
//     the target wins at once; with FinalRound the other player gets one
//     last turn and must end strictly above (a tie goes to the player who
//     reached the target first, as package game does). A last turn whose
//     chance is under 1e-18 counts as lost: an error under 1e-17.
//   - MinBank: a bank needs t >= MinBank.
//   - Penalty after PenaltyAfter farkles in a row: the state then includes
//     each player's farkles in a row, and scores may fall below zero;
//     they are bounded by a floor ([Options].Floor, by default -2500 as in
//     M. Busche's 2016 analysis): a penalty that would take a score below
//     the floor leaves it at the floor.
//   - MustRollHotDice: after hot dice the player must roll six dice.
//   - MinFirstBank: a player's first bank, the one that gets them on the
//     board, needs t >= max(MinBank, MinFirstBank). A player not yet on
//     the board is then a state of its own (see [State]): without a
//     penalty that is the score 0, and with one the scores 0, -Penalty,
//     -2*Penalty and so on down to the floor, since penalties apply off
//     the board too. In the last turn of a final round a player off the
//     board must bank at least the opening minimum too.
//   - ToxicTwos: a roll of four or more 2s is a farkle, in the farkles in
//     a row too.
//   - SixOnesWin: a roll of six 1s wins at once (a turn's value 1); not
//     with a final round, whose last turn would then never have a chance
//     under reachEps to stop at.
//   - Bankrupt: the PenaltyAfter-th farkle in a row sets the score to 0,
//     a cycle as a penalty is; not under an opening minimum, where an
//     on-board score of 0 has no position.
//
// Welfare and Piggyback are not solved: Solve refuses them with
// [ErrRules], and Duel refuses every house rule of play.
//
// The goal is the probability of winning. The equations have cycles (both
// players may farkle forever); Solve solves them exactly, up to a residual
// under 1e-12: positions in decreasing order of b+d, each pair (b, d), (d,
// b) by Newton steps on the piecewise-linear value of a turn as a function
// of the value of a farkle; with a penalty, which lowers b+d, by sweeps of
// the same order until no chance moves by more than 1e-13 (which bounds
// every residual by as much), the positions off the board last. A sweep
// evaluates sixteen turns at once, with vector instructions where the
// processor has them (AVX on amd64) and the same arithmetic in Go
// elsewhere, so that the tables agree to the bit; the first sweep guesses
// the chances after a penalty from those of the same lead at larger
// scores, and the sweeps after it start from Anderson mixing of the last
// three (about a digit and a third a sweep, where a plain sweep gains
// one): a dozen sweeps in all at target 10,000.
// It keeps the chance at the start of each turn, one float64 a position
// (about 320 KB for target 10,000);
// [Table.ChanceAt] and [Table.Advise] compute positions within a turn on
// demand, in under a millisecond for target 10,000. With a final round,
// fewer points with the same dice left may be worth more (to stay under
// the target), so there every legal keep counts, not only the best keep
// for each number of kept dice. For the same reason more banked score can
// lower the chance to win: under Facebook scoring, target 500, a final
// round and a minimum bank of 300, the player to move wins 52.36% with 200
// against 300 but 52.44% with 150, since from 200 every bank reaches the
// target and gives the opponent a last turn. Without a final round more
// banked score never lowers the chance.
//
// # Published results
//
// Under the Core scoring of package farkle, target 10,000, no final round,
// no minimum to bank, no penalty and banking allowed after hot dice, the
// first player wins 53.695% of games and the fairest komi is 200 points,
// as Busche and Neller found. Under Facebook scoring, banking from 300
// points, the third farkle in a row costing 500, scores floored at -2500
// and no final round, the first player wins 53.487%, as M. Busche found in
// 2016. In the Busche and Neller model the win-optimal bot beats the
// expected-score bot of package strategy in 56.59% of games going first
// and 49.07% going second, against 53.70% and 46.30% between equal
// players.
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
