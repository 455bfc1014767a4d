// Package three is the engine of package win for games of three players:
// it solves the game for a stationary equilibrium, every player maximizing
// their own chance to win, and answers positions and rolls from the table.
// Package win wraps it in its Table, State, Advice and Bot; the model, the
// solution concept, the final round and the tie rule are set out in
// docs/research.md of the repository (Three players), and the comments here
// refer to its sections as "the package documentation".
package three
