// Package four is the engine of package win for games of four players: it
// solves the game, with or without a final round, for a stationary
// equilibrium, every player maximizing their own chance to win, and
// answers positions and rolls from the table. It is package three's
// solver with a fourth player: the classes are the rotations of four
// scores, and the nested search of a mixed equilibrium runs over up to
// four members (see docs/research.md of the repository, Four players,
// exactly). Package win wraps it in its Table, State, Advice and Bot.
//
// With a final round (final.go), after A reaches the target B, C and D
// each have one last turn: D's is a number (the chance of one turn to
// bank at least what D needs), C's a dynamic program for each (the
// highest of A and B, D's score), B's a dynamic program for each (A's
// score, C's, D's) that reads C's. Each program's values over the
// mover's score serve every starting score at once, so the table keeps
// C's start for every (highest, D's score) and B's for every (A's score,
// C's, D's) that the solve reads, computed on first use: at most the
// scores a last turn can pass above the target (470 steps under Core
// scoring) times the scores under it squared, of 24 bytes for each of B's
// scores; the turns before the final round read A's scores only up to
// where the last turns' chances to pass them are under the least chance
// of a farkle (some 100 steps at 1,000 and 2,000), so that the rows take
// 18 MB at 1,000, 140 MB at 2,000, and are bounded by some 510 MB at
// 3,000 under Core scoring.
package four
