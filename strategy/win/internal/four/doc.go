// Package four is the engine of package win for games of four players: it
// solves the game, without a final round, for a stationary equilibrium,
// every player maximizing their own chance to win, and answers positions
// and rolls from the table. It is package three's solver with a fourth
// player: the classes are the rotations of four scores, and the nested
// search of a mixed equilibrium runs over up to four members (see
// docs/research.md of the repository, Four players, exactly). Package win
// wraps it in its Table, State, Advice and Bot.
package four
