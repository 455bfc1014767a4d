// The page's words in each language, and numbers in the page's language.
// A message is a string with {name} parameters, or, when it counts
// something, an object of the plural forms of Intl.PluralRules ("one",
// "few", "many", "other") chosen by the parameter n. A message missing
// from a language is taken from English.

import { MESSAGES_CS, MESSAGES_FI, MESSAGES_NL } from './messages.js';
import { ALERTS } from './alerts-i18n.js';

export const MESSAGES_EN = {
  // The page around the game.
  skip: 'Skip to the game',
  language: 'Language',
  'conn.connecting': 'Connecting…',
  'conn.connected': 'Connected',
  'conn.reconnecting': 'Connection lost: reconnecting…',
  'conn.offline': 'Offline: moves cannot be sent',
  'missing.title': 'No such game',
  'missing.text': 'The link is wrong, or the game is gone.',
  'missing.link': 'Start a new game',

  // The new game's form.
  'new.heading': 'New game',
  'new.name': 'Your name',
  'new.namePlaceholder': 'You',
  'new.rules': 'Rules',
  'new.app': 'App ({target})',
  'new.target': 'Target score',
  'new.house': 'House rules',
  'new.toxic': 'Toxic twos: four 2s end the turn',
  'new.sixOnes': 'Six 1s win at once',
  'new.welfare': 'Welfare: hit the target exactly',
  'new.bankrupt': 'Bankrupt: three farkles in a row cost the score',
  'new.piggyback': 'Piggyback: take over the last bank',
  'new.bonus': 'Piggyback bonus',
  'new.firstBank': 'Opening minimum: the first bank needs',
  'new.firstBankNone': 'none',
  'new.opponents': 'Opponents',
  'new.seat': 'Seat {n}',
  // The bots by strength (bots.md).
  'new.easy': 'Easy bot (banks at 350)',
  'new.medium': 'Medium bot',
  'new.casual': 'Casual bot (plays like a person)',
  'new.hard': 'Hard bot',
  'new.best': 'Best bot (plays to win)',
  'new.botsNote': 'Easy banks at 350; medium keeps every scoring die; casual plays like a person, slips included; hard plays each turn for the most points; best plays to win.',
  'new.human': 'Human (invite link)',
  'new.start': 'Start the game',
  'preset.app': 'App',
  'preset.zilch': 'Zilch',
  'preset.facebook': 'Facebook',
  'preset.custom': 'Custom',

  // The game's page.
  loading: 'Loading the game…',
  'guide.button': 'Scoring guide',
  close: 'Close',
  turn: 'Turn',
  'turn.total': 'Turn total:',
  'turn.heading': 'Turn {turn}: {name}',
  'turn.of': 'Turn: {name}',
  'dice.toRoll': { one: '{n} die to roll', other: '{n} dice to roll' },
  'dice.rolled': { one: '{n} die rolled', other: '{n} dice rolled' },
  'dice.label': 'Dice on the table: {dice}',
  'dice.none': 'Dice on the table',
  'kept.label': 'Dice set aside this turn',
  'kept.you': 'Set aside:',
  'kept.other': '{name} set aside:',
  'kept.group': { one: '{dice}: {n} point', other: '{dice}: {n} points' },
  'die.label': 'Die {i}: {face}',
  'die.labelKept': 'Die {i}: {face}, kept',
  'die.labelNo': 'Die {i}: {face}, cannot be kept',
  'view.setsAside': '{name} sets the dice aside.',
  'noDice.over': 'The game is over.',
  'noDice.you': 'Your turn: roll the dice.',
  'noDice.other': '{name} is to play.',
  roll: 'Roll',
  bank: 'Bank',
  piggyback: 'Piggyback',
  hint: 'Hint',
  keys: 'Keys: R rolls, B banks, H shows the hint, arrows and Space choose dice, Esc closes.',
  'status.overYou': 'Game over: you won with {score}!',
  'status.over': 'Game over: {name} won with {score}.',
  'status.keep': 'Your turn: select dice to keep, then roll or bank.',
  'status.rollOrBank': 'Your turn: roll the dice left, or bank.',
  'status.roll': 'Your turn: roll the dice.',
  'status.watching': 'Watching: {name} is to play.',
  'status.toPlay': '{name} is to play.',
  'status.tooLong': 'This game has reached its limit of moves and takes no more: start a new game to play on.',
  'status.final': 'Final round!',
  'status.yourTurn': 'Your turn.',
  'status.playing': '{name} is playing…',
  'sel.keeping': { one: 'Keeping {dice}: {n} point ({combos}).', other: 'Keeping {dice}: {n} points ({combos}).' },
  'sel.partial': 'Selected {dice}: not a whole keep yet.',
  'sel.prompt': 'Select the dice to keep.',
  'btn.keepRoll6': 'Keep & roll 6 dice',
  'btn.keepRoll': { one: 'Keep & roll {n} die', other: 'Keep & roll {n} dice' },
  'btn.bankNeeds': 'Bank needs {n}',
  'btn.keepBank': 'Keep & bank {n}',
  'btn.roll': { one: 'Roll {n} die', other: 'Roll {n} dice' },
  'btn.bank': 'Bank {n}',
  'btn.piggyback': { one: 'Piggyback {total} with {n} die', other: 'Piggyback {total} with {n} dice' },
  'why.needsKeep': 'Banking needs a turn total of {min}: keeping this makes {total}.',
  'why.needsKeepBoard': 'Banking needs a turn total of {min} to get on the board: keeping this makes {total}.',
  'why.needs': 'Banking needs a turn total of {min}: the turn has {total}.',
  'why.hotKeep': 'Hot dice must be rolled: bank after the next keep.',
  'why.hot': 'Hot dice must be rolled before a bank.',
  'why.whole': 'Roll and bank need a whole keep: add or remove dice.',
  'why.select': 'Select the dice to keep first: then roll or bank.',
  'why.nothing': 'Nothing to bank yet: roll first.',
  'why.noBank': 'Banking is not possible now.',
  'why.watching': 'You are watching this game.',
  'why.wait': 'Wait for {name}.',
  'why.tooLong': 'No move can be made: the game has reached its limit.',
  'why.playing': 'Showing the moves… click or press a key to skip.',
  'tag.you': 'you',
  'tag.bot': 'bot',
  'kind.easy': 'easy',
  'kind.medium': 'medium',
  'kind.casual': 'casual',
  'kind.hard': 'hard',
  'kind.best': 'best',
  'tag.botKind': '{kind} bot',
  'tag.botAs': 'as {as} for now',
  'tag.botAsTitle': 'Plays as the {as} bot until the exact table of this game is solved on the server.',
  'tag.winner': 'winner',
  'player.n': 'Player {n}',
  scores: 'Scores',
  'scores.to': 'to {target}',
  'col.player': 'Player',
  'col.score': 'Score',
  'col.inARow': 'Farkles in a row',
  'col.turns': 'Turns',
  'col.farkles': 'Farkles',
  'col.best': 'Best turn',
  'house.low': '1-2-3-4-5 scores {n}',
  'house.high': '2-3-4-5-6 scores {n}',
  'house.toxic': 'four 2s end the turn',
  'house.sixOnes': 'six 1s win',
  'house.welfare': 'hit the target exactly',
  'house.bankrupt': 'farkles in a row cost the whole score',
  'house.pig': 'piggyback',
  'house.pigBonus': 'piggyback with {n} more',
  'house.firstBank': 'a first bank of at least {n}',
  'house.line': 'House rules: {list}.',
  history: 'History',
  'side.label': 'Scores and history',
  'history.label': 'History, newest first',
  'history.newer': 'Newer',
  'history.older': 'Older',
  'history.range': 'Moves {from}–{to} of {n}',
  'over.heading': 'Game over',
  'over.summary': 'Summary',
  'over.you': 'You won with {score}!',
  'over.won': '{name} won with {score}.',
  rematch: 'Rematch',
  newGame: 'New game',

  // The seats.
  'seats.heading': 'Seats',
  'seats.you': 'You play {name} in this browser.',
  'seats.watching': 'You are watching: open a seat’s link to play it.',
  'seats.yourLink': 'Your link: open it on another device to play {name} there.',
  'seats.invite': 'Invite for {name}: send this link to the player.',
  'seats.other': 'Your other seat, {name}: its link.',
  'seats.linkOf': 'Link of {name}',
  'seats.playAs': 'Play as {name}',
  'seats.rename': 'Change your name',
  copy: 'Copy',
  copied: 'Copied.',
  'copy.failed': 'Copying failed: select the link and copy it.',
  share: 'Share',
  'share.text': 'Play Farkle as {name}',
  'join.heading': 'Join the game',
  'join.text': 'This link gives you the seat of {name}. Choose the name the other players see.',
  'rename.heading': 'Your name',
  'join.name': 'Your name',
  'join.ok': 'Join',
  save: 'Save',
  cancel: 'Cancel',
  'switch.heading': 'Switch seats?',
  'switch.text': 'This link is for {new}. In this browser you play {cur}. Both seats stay in this browser: you can switch back at any time.',
  'switch.ok': 'Play as {new}',
  'switch.stay': 'Stay {cur}',
  'link.bad': 'This link is not valid for this game: your seat did not change.',
  'link.badWatching': 'This link is not valid for this game: you are watching.',
  'link.unchecked': 'The link could not be checked (no connection): reload the page to try again.',

  // Banners: what just happened.
  'b.hot': 'Hot dice!',
  'b.hotText': '{name} set aside every die: six dice to roll again.',
  'b.banked': 'Banked.',
  'b.bankedText': '{name} banked {points}: score {score}.',
  'b.toxic': 'Toxic twos!',
  'b.toxicText': '{name} rolled four or more 2s.',
  'b.toxicLost': '{name} rolled four or more 2s and lost {points} points.',
  'b.farkle': 'Farkle!',
  'b.farkleText': '{name} rolled nothing to keep.',
  'b.farkleLost': '{name} rolled nothing to keep and lost {points} points.',
  'b.penalty': 'Penalty!',
  'b.penaltyText': '{name} lost {points} points for farkles in a row: score {score}.',
  'b.final': 'Final round!',
  'b.finalText': '{name} reached the target: everyone else has one last turn.',
  'b.sixOnes': 'Six 1s!',
  'b.sixOnesText': '{name} rolled six 1s and won at once.',
  'b.over': 'Game over.',
  'b.wonText': '{name} won with {score}.',
  'b.bankrupt': 'Bankrupt!',
  'b.bankruptText': '{name} lost every point: {points}.',
  'b.overshot': 'Past the target!',
  'b.overshotText': 'The bank of {name}, {points}, scores nothing.',
  'b.welfare': 'Welfare!',
  'b.welfareText': '{name} was given {points} points.',
  'b.pig': 'Piggyback!',
  'b.pigText': '{name} took over {points} points.',
  'b.roll': 'The roll: {dice}',

  // The history.
  'ev.rolled': '{name} rolled {dice}',
  'ev.kept': '{name} kept {dice} for {points} (turn {total})',
  'ev.hot': 'Hot dice for {name}: six dice to roll (turn {total})',
  'ev.banked': '{name} banked {points} (score {score})',
  'ev.farkled': '{name} farkled and lost {points} (farkles in a row: {farkles})',
  'ev.penalty': '{name} paid a penalty of {points} (score {score})',
  'ev.final': '{name} reached {score}: final round',
  'ev.won': '{name} won with {score}',
  'ev.toxic': '{name} rolled four or more 2s: toxic twos end the turn',
  'ev.sixOnes': '{name} rolled six 1s and wins at once',
  'ev.bankrupt': '{name} went bankrupt and lost {points} (score {score})',
  'ev.overshot': '{name} banked {points} past the target: it scores nothing (score {score})',
  'ev.welfare': '{name} was given {points} by welfare (score {score})',
  'ev.pig': '{name} took over the turn total of the last bank: {points} (piggyback)',

  // The hint.
  'hint.caption': 'What every keep is worth',
  'hint.farkle': 'Nothing to keep: a farkle.',
  'hint.best': 'Best: keep {dice} ({combos}) and {then}. Expected score {value}.',
  'hint.bestWin': 'Best: keep {dice} ({combos}) and {then}. Chance to win {chance}, expected score {value}.',
  'hint.bank': 'bank {n}',
  'hint.roll': { one: 'roll {n} die', other: 'roll {n} dice' },
  'hint.select': 'Select keep {dice}',
  'col.keep': 'Keep',
  'col.points': 'Points',
  'col.then': 'Then',
  'col.chance': 'Chance to win',
  'col.seats': 'Every player’s chance',
  'col.expected': 'Expected score',
  'col.select': 'Select',

  // The scoring guide.
  'guide.line': '{rules} · to {target}',
  'guide.house': '{rules} with house rules',
  'guide.heading': 'Rules: {rules}',
  'g.finalRound': 'Reaching {target} starts the final round: everyone else has one last turn, and the highest score wins.',
  'g.welfare': 'The first to hit {target} exactly wins.',
  'g.first': 'The first to bank {target} wins at once.',
  'g.turn': 'Roll, set aside at least one scoring die, then roll the rest or bank the turn total.',
  'g.farkle': 'A roll with nothing to keep is a farkle: the turn total is lost.',
  'g.minBank': 'A bank needs at least {n} points in the turn.',
  'g.minFirst': 'Your first bank, to get on the board, needs at least {n}.',
  'g.anyBank': 'Any turn total may be banked.',
  'g.hotMust': 'Hot dice: when every die scores, you must roll all six again.',
  'g.hot': 'Hot dice: when every die scores, roll all six again, or bank.',
  'g.bankrupt': 'Bankrupt: {n} farkles in a row cost your whole score.',
  'g.penalty': '{n} farkles in a row cost {points} points.',
  'g.toxic': 'Toxic twos: a roll with four or more 2s ends the turn with nothing.',
  'g.sixOnes': 'Six 1s in one roll win the game at once.',
  'g.welfareRule': 'Welfare: a bank past {target} scores nothing and goes to the player with the lowest score.',
  'g.pig': 'Piggyback: after a bank with dice left, the next player may take over its turn total and roll those dice.',
  'g.pigBonus': 'Piggyback: after a bank with dice left, the next player may take over its turn total plus {n} and roll those dice.',
  'g.scoring': 'Scoring',
  'g.equal': 'Equal dice',
  'g.anyFaces': 'any faces',
  'g.nDice': '{n} dice',
  'g.fixed': 'Four, five and six equal dice score the same whatever the face.',
  'g.add_triple': 'Each die beyond three adds the points of the three again.',
  'g.double': 'Each die beyond three doubles the points.',
  'g.none': 'Four or more equal dice score as three and single 1s or 5s; — cannot be kept together.',
  'g.split': 'Equal dice may count as smaller combinations when that scores more.',
  'col.combo': 'Combination',
  'col.dice': 'Dice',
  'col.face': 'Face',

  // Failures, by the API's codes.
  'err.network': 'No connection to the server. Check the connection and try again.',
  'err.moveNetwork': 'No connection to the server: your move was not made. Try again when the connection is back.',
  'err.retrying': 'No answer from the server: trying again…',
  'err.offline': 'You are offline: the move was not sent.',
  'err.stale': 'The game moved on before your move arrived, so it was not made. The table now shows the game as it is.',
  'err.staleRetry': 'The connection dropped while your move was on its way. The server had made it already, or the game had moved on: the table now shows the game as it is.',
  'err.bad_token': 'Your link is not valid for this game.',
  'err.not_found': 'This game does not exist any more.',
  'err.not_your_turn': 'It is not your turn.',
  'err.illegal_move': 'The rules do not allow this move.',
  'err.game_over': 'The game is over.',
  'err.no_roll': 'There are no dice on the table to advise on.',
  'err.rate_limited': 'Too many requests: wait a moment and try again.',
  'err.save_failed': 'The server could not save the move, so it was undone. Try again.',
  'err.unavailable': 'The server is full right now: try again later.',
  'err.game_too_long': 'Your move was not made: the game has reached its limit of moves.',
  'err.overloaded': 'The server is busy: try again in a moment.',
  'err.bad_json': 'The server could not read the request: reload the page and try again.',
  'err.bad_content_type': 'The server could not read the request: reload the page and try again.',
  'err.too_large': 'The request was too large for the server: reload the page and try again.',
  'err.method_not_allowed': 'The server refused the request: reload the page and try again.',
  'err.no_token': 'This browser has no seat in this game: open your seat’s link to play.',
  'err.internal': 'The server failed on this request. Try again.',
  'err.too_many_streams': 'Too many pages of games are open from this connection: close a few tabs and reload.',
  'err.too_many_connections': 'Too many connections from this address: close a few tabs and try again.',
  'err.overloadedRetry': 'The server is busy: sending your move again in a moment…',
  'err.overloadedAgain': 'The server is still busy: your move was not made. Try again in a moment.',
  'err.name': 'This name cannot be used. A name has at most 64 bytes (64 letters, fewer with accents or emoji), no control characters or text direction marks, and no space at either end.',
  'err.invalid': 'The server refused these settings: check the numbers.',
  'err.other': 'Something went wrong ({code}). Try again.',
  'err.selectKeep': 'Select a whole keep first.',
  // Added: the replay speed, the form's notes, the games of this browser,
  // and piggyback explained.
  speed: 'Replay speed',
  'speed.slow': 'Slow',
  'speed.normal': 'Normal',
  'speed.fast': 'Fast',
  'speed.instant': 'Instant',
  'new.firstGame': 'A first game? A shorter target makes it about ten minutes.',
  'new.short': 'Play to 2,000',
  'new.low': 'Score the straight 1-2-3-4-5',
  'new.lowPoints': 'Points of 1-2-3-4-5',
  'new.high': 'Score the straight 2-3-4-5-6',
  'new.highPoints': 'Points of 2-3-4-5-6',
  'my.heading': 'Your games',
  'my.hideOver': 'Hide finished games',
  'my.none': 'No game to show.',
  'my.youWon': 'Over: you won',
  'my.won': 'Over: {name} won',
  'my.yourTurn': 'Your turn',
  'my.toPlay': '{name} is to play',
  'status.pigRoll': { one: 'Your turn: roll the {n} die you took over.', other: 'Your turn: roll the {n} dice you took over.' },
  'status.pigOffer': { one: 'Your turn: roll, or piggyback: take over the {total} of {name} and roll the {n} die left.', other: 'Your turn: roll, or piggyback: take over the {total} of {name} and roll the {n} dice left.' },
  'why.pigBank': 'A bank taken over is not yours to bank yet: roll, keep, and then bank more than {total}.',
  'why.pigOffer': 'Piggyback: you start with {total}, but a farkle loses it all.',
  // Rematch together, quick reactions and the statistics of this browser.
  'rematch.join': 'Join the rematch',
  'rematch.offer': '{name} wants a rematch: join your seat in it.',
  'rematch.yours': 'You asked for a rematch: the others can join it from here.',
  'react.label': 'React',
  'react.up': 'Thumbs up',
  'react.wow': 'Wow',
  'react.laugh': 'Laughing',
  'react.yikes': 'Yikes',
  'react.party': 'Party',
  'react.said': '{name}: {what}',
  'err.too_many_reactions': 'Easy: one reaction a second, ten a minute.',
  'err.not_over': 'The game is not over yet: a rematch comes after the end.',
  'stats.heading': 'Your record',
  'stats.played': 'Games played',
  'stats.won': 'Games won',
  'stats.rate': 'Win rate',
  'stats.best': 'Best turn',
  'stats.note': 'Counted in this browser only.',
  'stats.reset': 'Reset',
  'stats.confirm': 'Reset the record of this browser to zero?',
};

const CATALOGUES = { en: MESSAGES_EN, cs: MESSAGES_CS, fi: MESSAGES_FI, nl: MESSAGES_NL };
for (const [l, m] of Object.entries(ALERTS)) Object.assign(CATALOGUES[l], m); // the turn alerts' words (alerts-i18n.js)

// LANGS are the languages of the page.
export const LANGS = Object.keys(CATALOGUES);

let current = 'en';
let numbers = new Intl.NumberFormat('en');
let plurals = new Intl.PluralRules('en');
let percents = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

// setLanguage makes lang (one of LANGS, else English) the language of t
// and num.
export function setLanguage(lang) {
  current = CATALOGUES[lang] ? lang : 'en';
  numbers = new Intl.NumberFormat(current);
  plurals = new Intl.PluralRules(current);
  percents = new Intl.NumberFormat(current, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return current;
}

// num formats a number in the page's language, such as 2,450 or 2 450.
export function num(n) {
  return numbers.format(Number(n));
}

// percent formats a chance from 0 to 1, such as 53.4%.
export function percent(p) {
  return percents.format(p);
}

// NAMES are the parameters that are players' names: t isolates each
// (FSI ... PDI), so that a name written right to left, or ending in
// digits, keeps its place in the sentence and leaves the words and
// numbers around it in theirs.
const NAMES = new Set(['name', 'new', 'cur']);

// isolate returns s as a bidirectional isolate of its own direction.
export function isolate(s) {
  return '\u2068' + s + '\u2069';
}

// t returns the message key in the page's language with its parameters:
// numbers are formatted with num, n picks the plural form, and names
// (NAMES) are isolated.
export function t(key, params = {}) {
  let m = CATALOGUES[current][key] ?? MESSAGES_EN[key];
  if (m === undefined) return key;
  if (typeof m === 'object') m = m[plurals.select(Number(params.n))] ?? m.other;
  return m.replace(/\{(\w+)\}/g, (all, k) => {
    const v = params[k];
    if (v === undefined) return all;
    if (typeof v === 'number') return num(v);
    return NAMES.has(k) ? isolate(String(v)) : String(v);
  });
}
