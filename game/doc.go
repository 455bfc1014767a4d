// Package game plays whole games of Farkle: turns of rolls, keeps and
// banks, farkles, hot dice, penalties and the house rules of play, scored
// by package farkle. A [Game] takes the actions; its [View] reads it.
//
//	g, err := game.New(game.App.Rules(), []string{"Ann", "Bot"}, rand.NewPCG(seed, 0))
//	err = g.Roll() // Ann rolls
//	v := g.View()
//	best, err := v.Scorer().BestKeep(v.Roll()) // or the dice Ann taps
//	err = g.Keep(best.Dice())
//	err = g.Bank() // or roll on
//	err = g.PlayTurn(game.ThresholdBot{BankAt: 350}) // the bot's turn
//	fmt.Println(v.Player(0).Score, v.Current(), v.TurnTotal())
//
// A [Preset] names the rules of a known game ([App], [Zilch], [Facebook]);
// [Rules] holds them as plain data, with the house rules some tables
// play. [Game.Play] plays a game of bots ([Bot]), which decide from a
// View. The history is a list of events ([Event], [Game.EventsSince]); a
// *Game saves to JSON and loads back ([Load], [Replay]).
//
// # Rules
//
// [Rules] holds the rules of play and the scoring rules as plain,
// comparable data. A [Preset] names the rules of a known game: [App],
// [Zilch] and [Facebook], whose scoring is the farkle package's
// farkle.AppScoring, ZilchScoring and FacebookScoring. Presets are names,
// not variables: App.Rules() returns a fresh copy to change. The zero
// Rules is a valid game (see [Rules]).
//
// Beside the presets' rules of play, Rules has house rules that some
// tables play, each off in its zero value: toxic twos (a roll with four
// or more 2s ends the turn as a farkle, [Rules].ToxicTwos), six 1s that
// win the game at once (SixOnesWin), welfare (the target must be hit
// exactly, and a bank past it goes to the lowest score, Welfare),
// bankrupt (the farkles in a row cost the whole score, Bankrupt), and
// piggybacking (the next player may take over a bank's turn total and
// dice left, Piggyback: [Game.Piggyback], [View.Offer], and bots that are
// a [Piggybacker]). Each has its events ([EventToxicTwos],
// [EventSixOnes], [EventOvershot] and [EventWelfare], [EventBankrupt],
// [EventPiggybacked]), which saves keep and [Replay] checks.
//
// # A game
//
// [New] starts a [Game] for 1 to 8 players with a dice source from
// math/rand/v2, so that a seed replays a game exactly. The current player
// calls [Game.Roll], then [Game.Keep] with the dice to set aside (all at
// once: one keep per roll), then rolls again or calls [Game.Bank]. A roll
// with nothing to keep is a farkle: the turn ends by itself. Physical-dice
// apps and tests give the dice with [Game.RollDice]. Illegal actions
// return errors that wrap the sentinels of this package ([ErrNotRolled],
// [ErrAlreadyRolled], [ErrBelowMinimum], [ErrGameOver], ...) or of the
// farkle package for bad keeps, and change nothing.
//
// A complete game loop for a terminal, with a human against a bot:
//
//	g, err := game.New(game.App.Rules(), []string{"You", "Bot"}, rand.NewPCG(seed, 0))
//	if err != nil {
//		return err
//	}
//	bot := game.ThresholdBot{BankAt: 350}
//	seen := 0
//	for !g.View().Over() {
//		if g.View().Current() == 1 {
//			if err := g.PlayTurn(bot); err != nil {
//				return err
//			}
//		} else {
//			var err error
//			switch cmd, dice := readCommand(); cmd { // the UI's input
//			case "roll":
//				err = g.Roll()
//			case "keep":
//				err = g.Keep(dice)
//			case "bank":
//				err = g.Bank()
//			}
//			if err != nil {
//				fmt.Println(err) // the game is unchanged: try again
//			}
//		}
//		for _, e := range g.EventsSince(seen) {
//			fmt.Println(g.Describe(e)) // "You rolled 1 2 3 3 5 6", ...
//			seen++
//		}
//		if v := g.View(); v.Roll() != nil {
//			fmt.Printf("turn total %d, keep from %v\n", v.TurnTotal(), v.Roll())
//		}
//	}
//	w, _ := g.View().Winner()
//	fmt.Println(g.View().Player(w).Name, "won")
//
// (readCommand stands for the UI's input; cmd/farkle's "play" command is
// a full version of this loop.)
//
// [Game.Play] plays a whole game with one [Bot] per player, and
// [ThresholdBot] is a simple bot. A Bot decides from a [View]: a
// read-only view of the position with the roll, the turn total, the dice
// left, every player's score and farkles in a row, whose turn it is, the
// rules and whether the final round is on. The View is the one way to
// read a game, for a bot and a UI alike; the *Game keeps the actions and
// the history. A Bot returns its keep as a [farkle.Hand], a value that
// crosses the Bot interface without an allocation: for a keep p found
// with the Scorer, farkle.HandOf(p.Dice()). A UI passes dice to
// [Game.Keep] as a []farkle.Die, as [View.Roll] and
// [farkle.Partition.Dice] give them.
//
// A bot that can play only some rules (one whose strategy was solved for
// a target, or a scoring) is a [RulesChecker]: Play and PlayTurn ask it
// before the first move, and its refusal is a [*BotError], so that a bot
// never misplays silently.
//
// The Bot of package strategy (github.com/farkle-go/farkle/strategy) is a
// Bot: it plays each turn for the best expected score. Solve its table
// for the game's rules, strategy.Solve(ctx, g.View().Rules(),
// strategy.Options{}); a table of other rules is refused before the first
// move. Until its first
// bank it plays by the table of MinFirstBank (strategy.Table.Opening), and
// never asks to bank below it; when any bot does, [Game.PlayTurn] rolls
// on. The Bot of package strategy/win plays to win a game of two.
//
// # History and saved games
//
// [Game.EventsSince] reads the history of the game: rolled, kept, hot
// dice, banked, farkled, penalty, final round and won, each an [Event]
// value with the player's turn total, score and farkles in a row after
// it. Asking only for the events since the last call keeps a UI linear
// over a long game. [Replay] rebuilds a game
// from its rules, names and history. A Game marshals to JSON with
// encoding/json (its rules, names, history, and the state of a *rand.PCG
// or *rand.ChaCha8 source) in a versioned format with stable lower-case
// keys, and unmarshals by replaying the history, so a loaded game is
// always a game the rules can reach; bad JSON gives an error and leaves
// the Game unchanged. [Load] reads a save from an untrusted source within
// [Limits] on its bytes and events: it replays each event as it reads it,
// so a forged or oversized save is refused early, with a [*SaveError]
// that gives the offset and wraps [ErrBadSave], [ErrSaveTooLarge] or the
// reason the rules refuse it.
//
// # JSON for a client
//
// What a client of a web game is sent encodes to plain JSON with stable
// lower-case keys: an [Event] (dice as arrays of numbers, such as
// {"kind":"kept","player":0,"dice":[1,5],"points":150,...}), a [Player],
// [Rules], and a [View], the whole position with the dice on the table
// and what the current player may do ([View.MarshalJSON]). Marshal a
// *Game, not a Game, to save it.
package game
