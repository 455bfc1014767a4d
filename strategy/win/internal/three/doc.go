// Package win3 plays Farkle to win a game of exactly three players: it
// solves the whole game for the chance of each player to win, from every
// position at the start of a turn, when every player plays to win, and
// from that table it advises the keep and the bank with the most chance of
// winning and plays as a bot of package game. Package strategy/win does the
// same for two players.
//
//   - [Solve] solves the game under a game.Rules value and returns a
//     [Table] of every position's three chances: under Core scoring
//     without a final round, seconds for target 2,000 on two cores,
//     about two minutes for 5,000 and half an hour for 10,000 (28
//     minutes in one run); three float64s a position (192 MB for
//     10,000). With a final round, about four times as long at 2,000
//     (12 seconds), one and a half at 5,000 (three minutes) and at
//     10,000 (39 minutes, 642 MB with the last turns' starts).
//     Keep it, or save it with [Table.MarshalBinary].
//   - [Table.Chances] answers the chances of the three seats at the start of
//     a turn, [Table.ChanceAt] within a turn; [Table.SeatWin] those of the start of the game, and
//     [Table.FairestHeadStarts] the head starts for the second and third
//     player that bring the three chances closest to a third each.
//   - [Table.Advise] says what to do with a roll; [StateOf] reads the
//     [State] of a game.View.
//   - [Bot] plays by the table in a game of package game: exactly in games
//     of three players, and by a documented fallback with four or more.
//
// # The model
//
// Three players take turns in a fixed order. The state at the start of a
// turn is the three banked scores in order of play from the player to
// move: (a, b, c), the mover a, the next player b, the one after c. Its
// value is the vector of the three players' chances to win, (w_a, w_b,
// w_c), which sum to 1, since a game ends with probability 1. Within the
// turn the state adds the turn total t and the dice left n; rolls, keeps
// and hot dice follow the scorer, and a farkle ends the turn with nothing:
// the state becomes (b, c, a). Banking t (at least the minimum to bank)
// leads to (b, c, a+t), or, when a+t reaches the target, wins at once
// without a final round, and with one starts the final round (see The
// final round).
//
// Every player maximizes their own chance to win. The mover's choice
// at a position depends only on the mover's own chances, but it moves the
// others' chances too, and those decide how the others play where the
// mover's score comes round again; so the game is not zero-sum and its
// solution is an equilibrium, not a maximum.
//
// A bank raises the sum of the scores, a farkle keeps it: the positions
// can be solved in decreasing order of a+b+c, and each rotation class
// {(a, b, c), (b, c, a), (c, a, b)} of one sum is solved as a cycle, since
// all three players may farkle forever. Given the chances after the
// banks, which are solved, the play of each member of the class is a
// function of a single number: the mover's chance after a farkle, f. For a
// fixed play, the turn's outcome is linear in the chances after a farkle:
// the mover's chance is E + P*f, where P is the chance that the turn ends
// in a farkle and E the mover's chance from the banks, and the others'
// chances are their own bank parts plus P times theirs after the farkle.
// The best play makes the mover's chance g(f) = max over plays of E + P*f,
// convex and piecewise linear in f; the play changes only at the kinks of
// g.
//
// # The solution concept
//
// The solution is a stationary equilibrium: a play for every position,
// depending only on the position, such that no player can raise their own
// chance at any position by playing otherwise, given the others' plays and
// their own elsewhere; the table holds the chances that those plays give.
//
// In most classes the equilibrium is pure and found by iterating the
// class's three plays to a fixed point: the chances after a farkle give
// the plays, the plays give the cycle's linear equations, whose exact
// solution gives new chances after a farkle, until the plays no longer
// change (each iteration is exact, so a pure fixed point is found to the
// rounding of the linear solve; and a turn's dynamic program gives the
// interval of chances after a farkle over which its play stays the best,
// so that most positions take one pass). In some classes the iteration
// cycles instead: a mover's best play flips with the others' replies, and
// no pure fixed point exists. At target 2,000 (Core scoring, no final
// round) the class of (1350, 850, 700) does so: the plays of the players
// at 700 and at 850 flip in turn. There the indifferent player mixes: at the kink f* of g, where two
// plays give the mover the same chance, the mover plays one with
// probability 1-λ and the other with probability λ, and λ is the weight
// that makes the cycle consistent, f = f*: a one-dimensional root,
// found by bisection and regula falsi on a function that is continuous in
// λ. The search is nested: the outer player's chance after a farkle is
// bracketed in [0, 1] (at 0 the cycle gives at least 0, at 1 at most 1);
// for each value the other two members are solved the same way, down to a
// single player against fixed plays, whose problem is a Markov decision
// problem with a unique value and no need to mix. So two players of a
// class may mix, each at a kink of their own: where the root of the first
// jumps over 0 because a second member's play flips with the first's
// weight, the second mixes at the flip with the weight that makes the
// first's equation hold. In the class of (1350, 850, 700) at target 2,000
// the player at 700 mixes with weight 0.188 on the play of more risk (the
// play of the higher chance of farkling) and the player at 850 with
// weight 0.070. The member searched first is the one whose play flipped
// most in the iteration (the first of the class's rotations on a tie);
// the equilibrium found is one of those of the class, not proven unique.
// [Table.Mixed] counts the positions whose play is mixed, and
// [Table.Mixing] lists them; every equation of a solved table holds to a
// residual of about 1e-15 (the tests check each).
//
// # The final round
//
// With a final round (game.Rules.FinalRound), as package game plays it,
// the player A who banks the target or more with a does not win at once:
// the next player B has one last turn, then the player after, C, one
// last turn, and the highest score wins; a tie goes to the player who
// reached it first in order of play from A (A before B before C). So B
// must end above a, and C above both a and B's final score. The last
// turns are exact dynamic programs of their own, with the same rules of
// the turn (the minimum to bank, and the opening minimum for a player not
// on the board):
//
//   - C, who plays last, wins only by banking more than the highest of
//     the others, so C rolls until the turn total reaches what it needs
//     and banks: C's chance is the chance that one turn banks at least
//     that much, and the others' split what C does not win by their
//     scores.
//   - B maximizes B's own chance, knowing that C then plays so: banking
//     a total that ends at u above a is worth 1 minus C's chance to end
//     above u, and ending at or under a (or a farkle) is worth nothing to
//     B. A's chance is what neither wins; where B's chance is equal for
//     two plays, the tie rule below decides.
//   - A's bank into the final round is then worth those chances, which
//     need not grow with a: the mover before the final round weighs
//     every legal keep of a roll, not only the best keep for each number
//     of kept dice, since fewer points can be worth more (to stay under
//     the target, or to reach it by less), and may keep rolling above
//     the target to leave the others less chance.
//
// A chance of a last turn to end above the others under 1e-18 counts as
// 0, so that the turns are finite: an error under 1e-17. Above the
// target, a turn's dynamic program stops where banking is sure to be the
// best play: where the others' chances to end above the bank sum to at
// most the least chance of a farkle times one minus the mover's chance
// after a farkle (no roll is worth more).
//
// A [State] of a final round has a score at or above the target: the
// first such score after the mover's, in order of play, is A's. With the
// after player's score at or above the target the mover is B; with the
// next player's, the mover is C (and the after player is B, with any
// score). The table keeps the start of B's turn for each (a, B's score,
// C's score) that the solve or a question needs, computed on first use:
// two float64s for each, bounded by the a from the target to where no last
// turn can end above it (470 steps under Core scoring) and the pairs of
// scores under the target, 12 MB at target 2,000 and 300 MB at 10,000;
// the solve at 2,000 fills a fifth of that.
//
// # Ties
//
// When two plays give the mover exactly the same chance (the same float64),
// the others' chances need not be the same, so the rule matters: the mover
// banks rather than rolls, and of two keeps prefers the one of fewer
// points, then the one that leaves more dice. Solve, Advise and the Bot
// all apply this rule. At a mixed position the two plays give the mover the
// same chance only in exact arithmetic; Advise and the Bot play the one
// that the computed chances prefer, by the rule above on a tie. Since the
// mover is indifferent, this does not change the mover's chance, only
// the others'.
//
// # What is solved
//
// Solve models the scoring of any farkle.Rules (Core and App among them),
// a minimum to bank (MinBank), an opening minimum (MinFirstBank): a
// player at 0 has not banked yet, since every bank is positive, and needs
// the opening minimum for a first bank; and the final round. It refuses,
// with [ErrRules], a penalty for farkles in a row and bankruptcy (the
// state would need each player's farkles in a row: 27 times the
// positions, about half a day at target 10,000), must-roll hot dice, toxic
// twos, six 1s that win, welfare and piggybacking: their states do not
// fit the three scores alone, or are not modelled yet.
//
// # Games of four or more
//
// The [Bot] plays games of four or more players by the three-player table
// as a fallback: it sees the two strongest opponents, the two with the
// highest scores (the earlier in order of play after it on a tie), as the
// next and after players in their order of play, and ignores the rest. It
// is no equilibrium of that game; its strength against expected-score bots
// is measured in the tests and the README.
//
// # Errors
//
// Solve reports rules it does not solve, bad Options and games too large
// with a [*SolveError]; a Table reports a position it has no answer for
// with a [*StateError]; bad dice given to Advise give the errors of package
// farkle. Test for the sentinels with [errors.Is].
package three
