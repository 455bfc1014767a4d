// The page of farkle serve: a plain JavaScript module, no framework.
// Data from the server is only ever shown with textContent and
// attributes, never as HTML. Every word comes from the catalogue of
// i18n.js, in the page's language.

import { dieSVG } from './dice.js';
import { t, num, percent, setLanguage, LANGS } from './i18n.js';
import { turnAlert, setupAlerts, relabel, onPresence, setPresence, presenceMark, seatKey, registerWorker, keepCopy, loadCopy, copyNotice } from './alerts.js';

const LANG_KEY = 'farkle:lang';
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role') e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

// lang returns the page's language: the one chosen, else the browser's
// first of LANGS, else English.
function lang() {
  const chosen = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(chosen)) return chosen;
  for (const l of navigator.languages || []) {
    const base = l.slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// failure returns an Error of the code, for errorText.
function failure(code, status = 0) {
  const err = new Error(code);
  err.code = code;
  err.status = status;
  return err;
}

// api calls the JSON API and returns the parsed body, or throws an Error
// with the server's code (and field), or the code "network" when no
// answer came. seen, if given, is sent as X-Farkle-Events: the server
// then makes a move only if the game has had exactly seen events.
async function api(method, path, { token, body, seen } = {}) {
  const headers = {};
  if (token) headers['X-Farkle-Token'] = token;
  if (seen !== undefined) headers['X-Farkle-Events'] = String(seen);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const sep = path.includes('?') ? '&' : '?';
  let res;
  try {
    res = await fetch(path + sep + 'lang=' + encodeURIComponent(lang()), {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw failure('network');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = failure(data?.error?.code || 'http', res.status);
    err.field = data?.error?.field || '';
    err.detail = data?.error?.message || '';
    err.retryAfter = Number(res.headers.get('Retry-After')) || 0; // seconds
    throw err;
  }
  return data;
}

// errorText is the message of a failure for the player, in the page's
// language, by its code: never the server's own English message.
function errorText(err) {
  if (err?.code === 'invalid' && err.field === 'name') return t('err.name');
  const key = 'err.' + (err?.code || 'other');
  const text = t(key);
  if (text !== key) return text;
  if (!err?.code) console.warn(err); // a bug of the page, not a failure of the server
  return t('err.other', { code: err?.code || err?.status || '?' });
}

// translate writes the catalogue's words into the page's elements that
// name a message: data-i18n (the text), data-i18n-aria-label and
// data-i18n-placeholder.
function translate() {
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-aria-label]')) e.setAttribute('aria-label', t(e.dataset.i18nAriaLabel));
  for (const e of document.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = t(e.dataset.i18nPlaceholder);
  for (const e of document.querySelectorAll('.seat-label')) e.textContent = t('new.seat', { n: Number(e.dataset.n) });
  if ($('app-option')) $('app-option').textContent = t('new.app', { target: 10000 });
  if (document.body.dataset.page === 'home' && $('new-heading') === null) document.title = 'Farkle: ' + t('missing.title');
}

function setupLang(onChange) {
  const sel = $('lang');
  const apply = () => {
    document.documentElement.lang = setLanguage(sel.value);
    translate();
  };
  sel.value = lang();
  apply();
  sel.addEventListener('change', () => {
    localStorage.setItem(LANG_KEY, sel.value);
    apply();
    onChange?.();
  });
}

// ---------------------------------------------------------------- seats

// The seats of a game that this browser knows, in localStorage under
// farkle:seats:ID: the token of each seat by its number (the player's
// own, and the invites of the games it created), the seats it has played
// (mine) and the one it plays now (current, -1 for none). A token is
// stored only once the server has taken it: a bad link never replaces a
// good token.
function seatsKey(id) {
  return 'farkle:seats:' + id;
}

function loadSeats(id) {
  let rec = null;
  try {
    rec = JSON.parse(localStorage.getItem(seatsKey(id)) || 'null');
  } catch {
    rec = null;
  }
  if (!rec || typeof rec.tokens !== 'object' || !Array.isArray(rec.mine)) rec = { tokens: {}, mine: [], current: -1 };
  // The one token per game of earlier pages.
  const old = localStorage.getItem('farkle:token:' + id);
  if (old && !Object.values(rec.tokens).includes(old)) rec.legacy = old;
  return rec;
}

function saveSeats(id, rec) {
  const { legacy, ...keep } = rec;
  keep.at = Date.now(); // the games of the home page, the newest first
  localStorage.setItem(seatsKey(id), JSON.stringify(keep));
}

// storeNewGame keeps the seats of a game just created, playing seat mine.
function storeNewGame(g, mine) {
  const rec = { tokens: {}, mine: [mine], current: mine };
  for (const s of g.seats) if (s.token) rec.tokens[s.seat] = s.token;
  saveSeats(g.id, rec);
}

// ---------------------------------------------------------------- home

// MY_GAMES is the most games that the home page lists.
const MY_GAMES = 20;

// myGames lists on the home page the games that this browser holds a
// seat in, the newest first: each game's players and scores, whose turn
// it is, and a link; finished games may be hidden.
async function myGames() {
  const box = $('my-games');
  if (!box) return;
  const recs = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith('farkle:seats:')) continue;
    const id = k.slice('farkle:seats:'.length);
    if (!/^[0-9a-f]{1,64}$/.test(id)) continue;
    const rec = loadSeats(id);
    const seat = rec.current >= 0 ? rec.current : rec.mine[0];
    if (seat === undefined || seat < 0) continue;
    recs.push({ id, seat, at: Number(rec.at) || 0 });
  }
  recs.sort((a, b) => b.at - a.at);
  const shown = recs.slice(0, MY_GAMES);
  const games = await Promise.all(shown.map(async (r) => {
    try {
      return { ...r, st: await api('GET', `/api/games/${r.id}`) };
    } catch (err) {
      if (err.status === 404) localStorage.removeItem(seatsKey(r.id)); // the game is gone
      // Offline: the game as last seen, from its copy (alerts.js).
      const c = err.code === 'network' ? await loadCopy(r.id) : null;
      return c ? { ...r, st: c.state } : null;
    }
  }));
  const draw = () => {
    const list = $('my-list');
    list.replaceChildren();
    const hide = $('hide-over').checked;
    let n = 0;
    for (const g of games) {
      if (!g) continue;
      const s = g.st;
      const name = (i) => (defaultName(s.players[i].name, i) ? t('player.n', { n: i + 1 }) : s.players[i].name);
      let what;
      if (s.over) what = s.winner === g.seat ? t('my.youWon') : t('my.won', { name: name(s.winner) });
      else if (s.current === g.seat) what = t('my.yourTurn');
      else what = t('my.toPlay', { name: name(s.current) });
      const li = el('li', { class: 'my-game' + (s.over ? ' over' : s.current === g.seat ? ' mine' : ''), 'data-id': g.id });
      li.hidden = hide && s.over;
      if (!li.hidden) n++;
      const a = el('a', { href: '/g/' + g.id });
      a.append(el('span', { class: 'my-what', text: what }));
      const scores = el('span', { class: 'my-scores' });
      s.players.forEach((p, i) => {
        scores.append(el('span', { class: 'my-player' + (i === g.seat ? ' me' : ''), text: `${name(i)} ${num(p.score)}` }));
      });
      a.append(scores);
      li.append(a);
      list.append(li);
    }
    $('my-none').hidden = n > 0;
  };
  const hideKey = 'farkle:hideOver';
  $('hide-over').checked = localStorage.getItem(hideKey) === '1';
  $('hide-over').addEventListener('change', () => {
    localStorage.setItem(hideKey, $('hide-over').checked ? '1' : '0');
    draw();
  });
  box.hidden = !games.some(Boolean);
  draw();
  box.dataset.ready = '1';
  return draw;
}

function home() {
  registerWorker(); // alerts.js: the app opens offline
  let redraw = null;
  setupLang(() => {
    redraw?.();
    showStats();
  });
  myGames().then((d) => {
    redraw = d;
  });
  showStats();
  const form = $('new-game');
  if (!form) return;
  $('short-target').addEventListener('click', () => {
    $('target-input').value = '2000';
    $('target-input').focus();
  });
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('form-error').textContent = '';
    const seats = [{ kind: 'human', name: $('name').value.trim() }];
    for (const i of [2, 3, 4]) {
      const kind = $('seat' + i).value;
      if (kind) seats.push({ kind, name: '' });
    }
    const target = parseInt($('target-input').value, 10) || 0;
    const house = {
      low_straight: parseInt($('low-straight').value, 10) || 0,
      high_straight: parseInt($('high-straight').value, 10) || 0,
      toxic_twos: $('toxic-twos').checked,
      six_ones_win: $('six-ones').checked,
      welfare: $('welfare').checked,
      bankrupt: $('bankrupt').checked,
      piggyback: $('piggyback-rule').checked,
      min_first_bank: parseInt($('min-first-bank').value, 10) || 0,
    };
    if (house.piggyback) house.piggyback_bonus = parseInt($('piggyback-bonus').value, 10) || 0;
    if (!$('low-on').checked) house.low_straight = 0;
    if (!$('high-on').checked) house.high_straight = 0;
    try {
      const g = await api('POST', '/api/games', { body: { rules: $('rules').value, target, seats, ...house } });
      storeNewGame(g, 0);
      location.assign('/g/' + g.id);
    } catch (err) {
      $('form-error').textContent = errorText(err);
      if (err.field === 'name') $('name').focus();
    }
  });
}

// ---------------------------------------------------------------- game

const game = {
  id: '',
  token: '',
  seat: -1,
  seats: null, // the seats this browser knows (loadSeats)
  state: null, // the state on the page
  pending: null, // the newest state received, shown once its events are
  events: [], // the events shown, in order
  next: 0, // the seq of the next event to queue
  queue: [], // events received, not yet shown
  loaded: false, // the history so far is in: newer events are paced
  catchUp: -1, // the events of the game as the stream's first update found it: the history, added at once
  playing: false,
  skip: false,
  wake: null,
  fetching: false,
  // view is the table as the events draw it: the turn's player, the
  // dice rolled and the keeps set aside.
  view: { player: -1, roll: [], kept: [], total: 0, ended: true },
  banner: [], // the notable events since the last action, oldest first
  guide: null,
  advice: null, // the hint shown, to draw it again in another language
  // sel holds the indices of the selected dice of the roll rollKey.
  sel: new Set(),
  rollKey: -2, // no roll rendered yet; -1 is "no dice on the table"
  rove: 0, // the die that is the dice's one Tab stop
  busy: false,
  wantFocus: false, // move the focus to the next useful control once the player may act
  source: null,
  conn: '',
  histPage: 0, // the page of the history shown, 0 the newest
  bulk: false, // the history of a game opened is being added
  // board is the scoreboard as the events shown draw it: each player's
  // score and farkles in a row after their last event, whether the final
  // round has begun, and the winner (-1 before the end). While the table
  // shows moves one by one, the scores are drawn from it, not from the
  // state, which is already at the end of the moves.
  board: { players: [], final: false, winner: -1 },
  pick: null, // the hint's choice selected: { key, bank }
  hold: false, // a debug hook holds each step until told (window.__farkle)
  noticeKind: '', // 'conn' for a notice of the connection, cleared once connected
  key: '', // the seat's key, for its presence (setKey)
  keyReady: Promise.resolve(),
};

// SPEEDS scales the time of each step: the replay speed that the player
// chooses (localStorage farkle:speed).
const SPEEDS = { slow: 1, normal: 0.6, fast: 0.3, instant: 0 };
const SPEED_KEY = 'farkle:speed';

function speed() {
  const v = localStorage.getItem(SPEED_KEY);
  return v in SPEEDS ? v : 'normal';
}

const HISTORY_PAGE = 50;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

// The time each step stays on the table, in milliseconds: a bank or a
// farkle long enough to read. The player's own roll and keeps are
// quicker: they are the answer to a click.
const STEP_MS = {
  rolled: 900, kept: 700, 'hot-dice': 1400, banked: 1800, farkled: 2200, penalty: 1400,
  'final-round': 1800, bankrupt: 1800, overshot: 1800, welfare: 1400, piggybacked: 1200,
  'toxic-twos': 0, 'six-ones': 0, won: 0,
};
const OWN_MS = { rolled: 450, kept: 250 };

function describeDice(dice) {
  return dice.join(' ');
}

// defaultName reports whether name is the server's default name of seat
// i, "Player i+1". The state does not say whether a name was chosen: a
// player who chose "Player 2" in another seat keeps it as written, one
// who chose the default of their own seat cannot be told from it.
function defaultName(name, i) {
  return name === `Player ${i + 1}`;
}

// nameOf returns the name of player i as shown: the server's default
// names ("Player 2") in the page's language, others as written.
function nameOf(i) {
  const p = (game.state || game.pending)?.players[i];
  return p && !defaultName(p.name, i) ? p.name : t('player.n', { n: i + 1 });
}

// counts returns the number of dice of each face.
function counts(dice) {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) c[d]++;
  return c;
}

function within(a, b) {
  for (let f = 1; f <= 6; f++) if (a[f] > b[f]) return false;
  return true;
}

function same(a, b) {
  for (let f = 1; f <= 6; f++) if (a[f] !== b[f]) return false;
  return true;
}

// without returns dice less the faces of taken, once each.
function without(dice, taken) {
  const c = counts(taken);
  return dice.filter((d) => (c[d] > 0 ? (c[d]--, false) : true));
}

function selectedDice() {
  const dice = game.state?.dice || [];
  return [...game.sel].sort((a, b) => a - b).map((i) => dice[i]);
}

// selectedKeep returns the legal keep equal to the selection, or null.
function selectedKeep() {
  const c = counts(selectedDice());
  return game.state.keeps.find((k) => same(counts(k.dice), c)) || null;
}

// selectable reports whether die i may be added to the selection: the
// selection with it is part of some legal keep.
function selectable(i) {
  const dice = game.state.dice;
  const c = counts([...selectedDice(), dice[i]]);
  return game.state.keeps.some((k) => within(c, counts(k.dice)));
}

// behind reports whether a newer state waits for its events: the page
// shows an older one, whose moves are taken already.
function behind() {
  return !!game.pending && game.pending !== game.state;
}

// myTurn reports whether the viewer's seat is to play: never in a game
// over, or at its limit of events (too_long), which takes no more moves.
function myTurn() {
  const s = game.state;
  return s && !s.over && !s.too_long && game.seat >= 0 && s.current === game.seat;
}

// idle reports whether the player may act now.
function idle() {
  return myTurn() && !game.busy && !game.playing && !behind();
}

// comboText names the combinations of a keep, in the page's language:
// "2 × Single 1 + Single 5" rather than the same name twice.
function comboText(k) {
  const n = new Map();
  for (const c of k.combos) n.set(c.name, (n.get(c.name) || 0) + 1);
  return [...n].map(([name, times]) => (times > 1 ? `${times} × ${name}` : name)).join(' + ');
}

function bankMinimum() {
  const s = game.state;
  const me = s.players[s.current];
  return Math.max(s.min_bank || 0, me.on_board ? 0 : s.min_first_bank || 0);
}

function announce(text) {
  $('announce').textContent = text;
}

function setStatus(text) {
  $('status').textContent = text;
}

// notify says what went wrong, or what a link did, until the player's
// next move: the status line is redrawn with every state.
// It takes a function that words the notice, called again in another
// language.
function notify(say, kind = '') {
  game.notice = say || null;
  game.noticeKind = say ? kind : '';
  const n = $('notice');
  n.textContent = say ? say() : '';
  n.hidden = !say;
}

// ------------------------------------------------------------ the steps

// receive takes what the server sent: new events, a newer state, or
// both. Events are shown one by one (see play); the state once its
// events have been. The history of a game opened comes in pages (of
// 2,000 events, each with the state): every event up to the number of
// the first page's state is history, added at once, whatever the pages.
function receive(evs, st) {
  if (st && (!game.pending || st.id !== game.pending.id || st.num_events >= game.pending.num_events)) game.pending = st;
  if (evs && game.catchUp < 0) game.catchUp = st ? st.num_events : game.next + evs.length;
  const fresh = (evs || []).filter((e) => e.seq >= game.next).sort((a, b) => a.seq - b.seq);
  if (fresh.length && fresh[0].seq === game.next) {
    const run = [];
    for (const e of fresh) {
      if (e.seq !== game.next) break;
      run.push(e);
      game.next++;
    }
    // The history of a game opened, up to catchUp: no pacing.
    const old = game.loaded ? [] : run.splice(0, Math.max(0, game.catchUp - run[0].seq));
    if (old.length) {
      game.bulk = true;
      for (const e of old) addHistory(e);
      game.bulk = false;
      renderHistory();
      initialView(old);
    }
    game.queue.push(...run);
  }
  if (!game.loaded && game.catchUp >= 0 && game.next >= game.catchUp) game.loaded = true;
  if (game.pending && game.pending.num_events > game.next && game.loaded) fetchMissing();
  pump();
}

// fetchMissing gets the events that a state counts and no stream sent.
async function fetchMissing() {
  if (game.fetching) return;
  game.fetching = true;
  await sleep(300); // the stream is usually first
  try {
    if (game.pending && game.pending.num_events > game.next) {
      const r = await api('GET', `/api/games/${game.id}/events?since=${game.next}`);
      const st = await api('GET', `/api/games/${game.id}`, { token: game.token });
      game.fetching = false;
      receive(r.events, st);
      return;
    }
  } catch (err) {
    notify(() => errorText(err), connCode(err));
  }
  game.fetching = false;
}

function pump() {
  if (game.playing) return;
  if (game.queue.length) {
    play();
    return;
  }
  const st = game.pending;
  if (st && st.num_events === game.next && st !== game.state) {
    if (game.state && st.id === game.state.id && st.num_events < game.state.num_events) {
      game.pending = game.state; // stale
      return;
    }
    game.state = st;
    render();
  }
}

function instant() {
  return !game.hold && (reducedMotion.matches || game.skip || SPEEDS[speed()] === 0);
}

// stepping reports whether the table shows moves one by one, or waits
// for the moves of a newer state: the board is then drawn from the
// events shown (game.view, game.board), not from game.state.
function stepping() {
  return game.playing || behind();
}

// pause waits ms, or less when the player skips.
function pause(ms) {
  if (game.hold) {
    return new Promise((resolve) => {
      game.wake = () => {
        game.wake = null;
        resolve();
      };
    });
  }
  ms *= SPEEDS[speed()];
  if (!ms || instant()) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      game.wake = null;
      resolve();
    }
    game.wake = done;
  });
}

function skipSteps() {
  if (!game.playing || game.hold) return;
  game.skip = true;
  game.wake?.();
}

async function play() {
  game.playing = true;
  document.body.dataset.playing = '1';
  // The moves shown are not the player's to answer: no selection, no hint.
  game.sel.clear();
  game.pick = null;
  closeHint(false);
  renderSelection();
  const said = [];
  while (game.queue.length) {
    const e = game.queue.shift();
    step(e, instant());
    addHistory(e);
    said.push(eventText(e));
    if (!instant()) {
      renderView(true);
      announce(eventText(e));
    }
    const own = e.player === game.seat && OWN_MS[e.kind] !== undefined;
    await pause(own ? OWN_MS[e.kind] : STEP_MS[e.kind] ?? 600);
  }
  const quick = game.skip || reducedMotion.matches;
  game.playing = false;
  game.skip = false;
  document.body.dataset.playing = '0';
  // The screen reader hears the moves that went by at once, the last few,
  // then what stands on the banner.
  const tail = quick ? said.slice(-6) : [];
  announce([...tail, ...game.banner.map((n) => t(n.title) + ' ' + noteText(n))].join('. '));
  renderBanner();
  pump();
  // A newer state still missing: the table stays at the last move shown.
  if (behind()) renderView();
  if (game.state) renderSelection();
}

// step draws event e into the view and the banner. quick steps keep the
// banner's earlier messages: nobody had the time to read them.
function step(e, quick) {
  const v = game.view;
  document.body.dataset.step = `${e.kind}:${e.player}`;
  switch (e.kind) {
    case 'rolled':
      if (v.ended || v.player !== e.player) game.view = { player: e.player, roll: [], kept: [], total: 0, ended: false };
      game.view.roll = e.dice.slice();
      game.view.fresh = true;
      if (!quick) game.banner = [];
      break;
    case 'kept':
      v.roll = without(v.roll, e.dice);
      v.kept.push({ dice: e.dice, points: e.points });
      v.total = e.turn_total;
      v.fresh = false;
      break;
    case 'hot-dice':
      v.roll = [];
      note(e, 'hot', 'b.hot', 'b.hotText', {});
      break;
    case 'banked':
      v.ended = true;
      v.roll = [];
      note(e, 'banked', 'b.banked', 'b.bankedText', { points: e.points, score: e.score });
      break;
    case 'farkled': {
      v.ended = true;
      const toxic = game.events.some((x) => x.kind === 'toxic-twos' && x.seq === e.seq - 1);
      const text = toxic ? (e.points ? 'b.toxicLost' : 'b.toxicText') : (e.points ? 'b.farkleLost' : 'b.farkleText');
      const n = note(e, 'farkled', toxic ? 'b.toxic' : 'b.farkle', text, { points: e.points });
      n.dice = v.roll.slice();
      break;
    }
    case 'penalty':
      note(e, 'farkled', 'b.penalty', 'b.penaltyText', { points: e.points, score: e.score });
      break;
    case 'final-round':
      note(e, 'final-round', 'b.final', 'b.finalText', {});
      break;
    case 'won':
      v.ended = true;
      if (game.events.some((x) => x.kind === 'six-ones' && x.seq === e.seq - 1)) note(e, 'won', 'b.sixOnes', 'b.sixOnesText', {});
      else note(e, 'won', 'b.over', 'b.wonText', { score: e.score });
      break;
    case 'bankrupt':
      note(e, 'farkled', 'b.bankrupt', 'b.bankruptText', { points: e.points });
      break;
    case 'overshot':
      v.ended = true;
      v.roll = [];
      note(e, 'farkled', 'b.overshot', 'b.overshotText', { points: e.points });
      break;
    case 'welfare':
      note(e, 'banked', 'b.welfare', 'b.welfareText', { points: e.points });
      break;
    case 'piggybacked':
      game.view = { player: e.player, roll: [], kept: [], total: e.turn_total, ended: false };
      if (!quick) game.banner = [];
      note(e, 'hot', 'b.pig', 'b.pigText', { points: e.points });
      break;
    default:
      break;
  }
  // The turn total after each move of the turn's player.
  if (e.kind !== 'welfare' && e.kind !== 'won') game.view.total = e.turn_total;
  if (game.banner.length > 4) game.banner.splice(0, game.banner.length - 4);
}

// note adds event e to the banner: its kind, and the keys of its title
// and text, worded when drawn (in the language of the moment) with the
// player's name and params.
function note(e, kind, title, text, params = {}) {
  const n = { seq: e.seq, kind, title, text, params, player: e.player };
  game.banner.push(n);
  return n;
}

function noteText(n) {
  return t(n.text, { name: nameOf(n.player), ...n.params });
}

// initialView sets the banner of a game just opened from its last turn's
// notable events.
function initialView(evs) {
  const all = game.events;
  let i = all.length - 1;
  while (i > 0 && !['rolled', 'piggybacked'].includes(all[i].kind)) i--;
  // From the last roll on: the end of the last turn, if it ended.
  const tail = all.slice(Math.max(0, i));
  game.banner = [];
  const v = { player: -1, roll: [], kept: [], total: 0, ended: true };
  game.view = v;
  for (const e of tail) step(e, true);
  if (!evs.length) game.banner = [];
}

// clearBanner ends the banner: the viewer acts.
function clearBanner() {
  game.banner = [];
  renderBanner();
}

function renderBanner() {
  const b = $('banner');
  b.replaceChildren();
  const last = game.banner[game.banner.length - 1];
  if (!last) {
    b.hidden = true;
    return;
  }
  b.className = 'banner banner-' + last.kind;
  for (const n of game.banner) {
    const line = el('p', { class: 'banner-line line-' + n.kind, 'data-kind': n.kind, 'data-seq': String(n.seq) });
    line.append(el('strong', { text: t(n.title) + ' ' }), document.createTextNode(noteText(n)));
    if (n.dice?.length) {
      const dice = el('span', { class: 'mini-dice', 'aria-label': t('b.roll', { dice: n.dice.join(' ') }), role: 'img' });
      for (const d of n.dice) dice.append(dieSVG(d));
      line.append(dice);
    }
    b.append(line);
  }
  b.hidden = false;
}

// renderView draws the table from the view, during the steps.
function renderView() {
  const v = game.view;
  const fresh = v.fresh && v.roll.length > 0; // a roll just landed
  const box = $('dice');
  box.replaceChildren();
  v.roll.forEach((d, i) => {
    const die = el('span', { class: 'die step' + (v.fresh ? ' landing' : '') + (v.ended ? ' dead' : ''), 'data-face': String(d), role: 'img', 'aria-label': t('die.label', { i: i + 1, face: d }) });
    die.style.setProperty('--i', String(i));
    die.append(dieSVG(d));
    box.append(die);
  });
  box.setAttribute('aria-label', v.roll.length ? t('dice.label', { dice: v.roll.join(' ') }) : t('dice.none'));
  if (!v.roll.length) box.append(el('p', { class: 'no-dice', text: v.ended ? '' : t('view.setsAside', { name: nameOf(v.player) }) }));
  v.fresh = false;
  renderKept(v.kept, v.total, v.player);
  renderBanner();
  if (v.player >= 0 && game.state) {
    const b = game.board;
    $('turn-heading').textContent = b.winner >= 0 ? t('over.heading') : t('turn.of', { name: nameOf(v.player) });
    $('turn-total').textContent = num(v.total);
    $('dice-left').textContent = fresh ? t('dice.rolled', { n: v.roll.length }) : t('dice.toRoll', { n: v.roll.length || (v.ended ? 0 : 6) });
    let status;
    if (b.winner >= 0) {
      const score = b.players[b.winner]?.score ?? 0;
      status = b.winner === game.seat ? t('status.overYou', { score }) : t('status.over', { name: nameOf(b.winner), score });
    } else {
      status = v.player === game.seat ? t('status.yourTurn') : t('status.playing', { name: nameOf(v.player) });
      if (b.final) status += ' ' + t('status.final');
    }
    setStatus(status);
  }
  if (game.state) {
    renderScores();
    renderSelection();
  }
}

// renderKept shows the keeps set aside in the turn.
function renderKept(kept, total, player) {
  const box = $('kept');
  box.replaceChildren();
  box.hidden = !kept.length;
  if (!kept.length) {
    game.keptKey = null;
    return;
  }
  box.append(el('span', { class: 'kept-label', text: player === game.seat ? t('kept.you') : t('kept.other', { name: nameOf(player) }) }));
  // Only the keeps new since the last drawing move aside: a redraw of the
  // same keeps does not play it again.
  const before = game.keptKey && game.keptKey.player === player ? game.keptKey.n : 0;
  game.keptKey = { player, n: kept.length };
  kept.forEach((k, i) => {
    const g = el('span', { class: 'kept-group', role: 'img', 'aria-label': t('kept.group', { dice: k.dice.join(' '), n: k.points }) });
    for (const d of k.dice) {
      const die = el('span', { class: 'die kept-die' + (i >= before ? ' arriving' : ''), 'data-face': String(d) });
      die.append(dieSVG(d));
      g.append(die);
    }
    g.append(el('span', { class: 'kept-points', text: '+' + num(k.points) }));
    box.append(g);
  });
}

// ------------------------------------------------------------ the page

function render() {
  const s = game.state;
  if (!s) return;
  const me = game.seat;

  // Status line.
  let status;
  if (s.over) {
    const w = s.players[s.winner];
    status = s.winner === me ? t('status.overYou', { score: w.score }) : t('status.over', { name: nameOf(s.winner), score: w.score });
  } else if (myTurn() && game.conn === 'offline') {
    status = t('status.offline'); // no move can be sent: see renderSelection
  } else if (myTurn()) {
    if (s.dice.length) status = t('status.keep');
    else if (s.turn_total && s.can_bank) status = t('status.rollOrBank');
    else if (s.turn_total && tookOver()) status = t('status.pigRoll', { n: s.dice_left });
    else if (s.offer_dice) status = t('status.pigOffer', { name: nameOf(lastBanker()), total: s.offer_total, n: s.offer_dice });
    else status = t('status.roll');
  } else if (me < 0) {
    status = t('status.watching', { name: nameOf(s.current) });
  } else {
    status = t('status.toPlay', { name: nameOf(s.current) });
  }
  if (s.final_round && !s.over) status += ' ' + t('status.final');
  if (s.too_long && !s.over) status = t('status.tooLong');
  setStatus(status);
  document.body.classList.toggle('over', s.over);
  document.body.dataset.events = String(s.num_events);

  $('turn-heading').textContent = s.over ? t('over.heading') : t('turn.heading', { turn: s.turn, name: nameOf(s.current) });
  $('actions').hidden = s.over;
  $('keys').hidden = s.over;
  $('why').hidden = s.over;
  $('turn-line').hidden = s.over;
  $('dice').hidden = s.over;
  $('selection').hidden = s.over;
  $('turn-total').textContent = num(s.turn_total);
  $('dice-left').textContent = s.dice.length ? t('dice.rolled', { n: s.dice.length }) : t('dice.toRoll', { n: s.dice_left });
  $('target').textContent = t('scores.to', { target: s.target });
  const house = [];
  if (s.low_straight) house.push(t('house.low', { n: s.low_straight }));
  if (s.high_straight) house.push(t('house.high', { n: s.high_straight }));
  if (s.toxic_twos) house.push(t('house.toxic'));
  if (s.six_ones_win) house.push(t('house.sixOnes'));
  if (s.welfare) house.push(t('house.welfare'));
  if (s.bankrupt) house.push(t('house.bankrupt'));
  if (s.piggyback) house.push(s.piggyback_bonus ? t('house.pigBonus', { n: s.piggyback_bonus }) : t('house.pig'));
  if (s.min_first_bank) house.push(t('house.firstBank', { n: s.min_first_bank }));
  $('house-rules').textContent = house.length ? t('house.line', { list: house.join(', ') }) : '';
  $('house-rules').hidden = !house.length;

  // A game that takes no more moves keeps no selection, and no hint.
  if (s.too_long && (game.sel.size || !$('hint-panel').hidden)) {
    game.sel.clear();
    closeHint(false);
  }
  // A new roll resets the selection.
  const key = s.dice.length ? s.num_events : -1;
  if (key !== game.rollKey || document.querySelector('#dice .step, #dice .no-dice:empty')) {
    game.rollKey = key;
    game.sel.clear();
    game.pick = null;
    game.rove = 0;
    closeHint(false);
    delete $('hint-best').dataset.dice;
    renderDice(true);
  } else {
    renderDice(false);
  }
  renderKept(s.over ? [] : s.kept || [], s.turn_total, s.current);
  renderSelection();
  renderScores();
  renderBanner();
  renderOver();
  renderSeats();
  if (stepping()) renderView(); // a newer state's moves still to show
  document.body.dataset.lang = document.documentElement.lang; // drawn in this language
  // The tab's title and icon, the turn's alerts, the offline copy (alerts.js).
  turnAlert({ id: s.id, mine: myTurn(), names: s.players.map((p, i) => nameOf(i)), watching: me < 0 });
  keepCopy(game.id, game.seat, s, game.events, game.guide);
}

// tookOver reports whether the current turn began by taking over the
// last bank (piggyback) and has not rolled since.
function tookOver() {
  const e = game.events[game.events.length - 1];
  return !!e && e.kind === 'piggybacked' && e.player === game.state?.current;
}

// lastBanker returns the player of the last bank, or the player before
// the current one.
function lastBanker() {
  for (let i = game.events.length - 1; i >= 0; i--) if (game.events[i].kind === 'banked') return game.events[i].player;
  const s = game.state;
  return (s.current + s.players.length - 1) % s.players.length;
}

function renderDice(fresh) {
  const s = game.state;
  const box = $('dice');
  const mine = myTurn();
  if (fresh) {
    box.replaceChildren();
    s.dice.forEach((d, i) => {
      const b = el('button', { type: 'button', class: 'die', 'data-face': String(d), 'data-index': String(i) });
      b.append(dieSVG(d));
      b.addEventListener('click', () => toggle(i));
      box.append(b);
    });
    if (!s.dice.length) box.append(el('p', { class: 'no-dice' }));
  }
  box.setAttribute('aria-label', s.dice.length ? t('dice.label', { dice: s.dice.join(' ') }) : t('dice.none'));
  const none = box.querySelector('.no-dice');
  if (none) {
    const offline = mine && game.conn === 'offline';
    none.textContent = s.over ? t('noDice.over') : s.too_long ? '' : offline ? t('status.offline') : (mine ? t('noDice.you') : t('noDice.other', { name: nameOf(s.current) }));
  }
  // Only the dice that may be kept are in the Tab order, as one stop
  // (the roving die): the arrow keys move between them.
  const keepable = [];
  box.querySelectorAll('button.die').forEach((b) => {
    const i = Number(b.dataset.index);
    const on = game.sel.has(i);
    const can = mine && (on || selectable(i));
    if (can) keepable.push(i);
    b.setAttribute('aria-pressed', String(on));
    b.setAttribute('aria-disabled', String(!can));
    b.classList.toggle('selected', on);
    b.classList.toggle('locked', mine && !can);
    b.setAttribute('aria-label', t(on ? 'die.labelKept' : can ? 'die.label' : 'die.labelNo', { i: i + 1, face: s.dice[i] }));
  });
  if (!keepable.includes(game.rove)) game.rove = keepable[0] ?? -1;
  box.querySelectorAll('button.die').forEach((b) => {
    b.tabIndex = Number(b.dataset.index) === game.rove ? 0 : -1;
  });
}

// moveRove moves the focus to the next keepable die in direction dir
// (1 or -1), or to the first or last (dir 'first', 'last').
function moveRove(dir) {
  const dice = [...$('dice').querySelectorAll('button.die')].filter((b) => b.getAttribute('aria-disabled') === 'false');
  if (!dice.length) return;
  let at = dice.findIndex((b) => Number(b.dataset.index) === game.rove);
  if (dir === 'first') at = 0;
  else if (dir === 'last') at = dice.length - 1;
  else at = (at + dir + dice.length) % dice.length;
  game.rove = Number(dice[at].dataset.index);
  for (const b of $('dice').querySelectorAll('button.die')) b.tabIndex = b === dice[at] ? 0 : -1;
  dice[at].focus();
}

function toggle(i) {
  if (!idle()) return;
  if (game.sel.has(i)) game.sel.delete(i);
  else if (selectable(i)) game.sel.add(i);
  else return;
  game.rove = i;
  renderDice(false);
  renderSelection();
}

function renderSelection() {
  const s = game.state;
  if (!s) return;
  const roll = $('roll');
  const bank = $('bank');
  roll.classList.add('primary');
  bank.classList.remove('primary');
  if (stepping()) {
    // The buttons of the moves shown are not the player's: plain and off.
    roll.disabled = bank.disabled = $('hint').disabled = true;
    roll.textContent = t('roll');
    bank.textContent = t('bank');
    $('piggyback').hidden = true;
    $('selection').textContent = '';
    $('selection').dataset.points = '';
    $('why').textContent = game.playing ? t('why.playing') : '';
    return;
  }
  const mine = idle();
  const keep = s.dice.length ? selectedKeep() : null;
  let text = '';
  if (s.dice.length && game.sel.size) {
    text = keep ? t('sel.keeping', { dice: describeDice(keep.dice), n: keep.points, combos: comboText(keep) }) : t('sel.partial', { dice: describeDice(selectedDice()) });
  } else if (s.dice.length && mine) {
    text = t('sel.prompt');
  }
  $('selection').textContent = text;
  $('selection').dataset.points = keep ? String(keep.points) : '';

  let why = '';
  const min = bankMinimum();
  if (s.dice.length) {
    roll.disabled = !(mine && keep);
    const total = s.turn_total + (keep ? keep.points : 0);
    const mustRoll = keep && keep.hot_dice && s.must_roll_hot_dice;
    bank.disabled = !(mine && keep && total >= min && !mustRoll);
    roll.textContent = keep ? (keep.hot_dice ? t('btn.keepRoll6') : t('btn.keepRoll', { n: keep.dice_left })) : t('roll');
    if (keep && total < min) {
      bank.textContent = t('btn.bankNeeds', { n: min });
      why = t(s.players[s.current].on_board ? 'why.needsKeep' : 'why.needsKeepBoard', { min, total });
    } else if (mustRoll) {
      bank.textContent = t('bank');
      why = t('why.hotKeep');
    } else {
      bank.textContent = keep ? t('btn.keepBank', { n: total }) : t('bank');
    }
    // The hint's choice selected: its move (bank or roll) is the main button.
    if (keep && !bank.disabled && game.pick?.bank && game.pick.key === keep.dice.join(',')) {
      roll.classList.remove('primary');
      bank.classList.add('primary');
    }
    if (mine && !keep) why = game.sel.size ? t('why.whole') : t('why.select');
  } else {
    roll.disabled = !(mine && s.can_roll);
    bank.disabled = !(mine && s.can_bank);
    roll.textContent = t('btn.roll', { n: s.dice_left });
    if (s.can_bank) bank.textContent = t('btn.bank', { n: s.turn_total });
    else if (tookOver()) {
      bank.textContent = t('bank');
      if (mine) why = t('why.pigBank', { total: s.turn_total });
    } else if (s.turn_total > 0 && s.turn_total < min) {
      bank.textContent = t('btn.bankNeeds', { n: min });
      why = t('why.needs', { min, total: s.turn_total });
    } else {
      bank.textContent = t('bank');
      if (mine && s.bank_note) why = s.hot_dice && s.must_roll_hot_dice ? t('why.hot') : t('why.noBank');
      else if (mine && !s.turn_total) why = s.offer_dice ? t('why.pigOffer', { total: s.offer_total }) : t('why.nothing');
    }
  }
  if (!myTurn() && !s.over) why = game.seat < 0 ? t('why.watching') : t('why.wait', { name: nameOf(s.current) });
  if (s.too_long && !s.over) why = t('why.tooLong');
  if (game.playing) why = t('why.playing');
  // Offline, no move can be sent: the buttons say so rather than fail.
  const offline = game.conn === 'offline' && mine;
  if (offline) {
    roll.disabled = bank.disabled = true;
    why = t('why.offline');
  }
  $('why').textContent = why;
  $('hint').disabled = !(mine && s.dice.length);
  const pig = $('piggyback');
  pig.hidden = !(mine && s.offer_dice) || offline;
  pig.textContent = s.offer_dice ? t('btn.piggyback', { total: s.offer_total, n: s.offer_dice }) : t('piggyback');
  focusNext();
}

// focusNext moves the focus, after the player's action, to the next
// useful control once the player may act again: a die to keep when dice
// are on the table, else Roll.
function focusNext() {
  if (!game.wantFocus || !idle() || document.querySelector('dialog[open]')) return;
  const s = game.state;
  let target = null;
  if (s.dice.length) target = $('dice').querySelector('button.die[tabindex="0"]');
  else if (!$('roll').disabled && $('roll').classList.contains('primary')) target = $('roll');
  else if (!$('bank').disabled && $('bank').classList.contains('primary')) target = $('bank');
  else if (!$('roll').disabled) target = $('roll');
  else if (!$('bank').disabled) target = $('bank');
  if (!target) return;
  game.wantFocus = false;
  const a = document.activeElement;
  // The player went on elsewhere (the scoring guide, a link): leave it.
  if (a && a !== document.body && !a.disabled && !$('actions').contains(a) && !$('dice').contains(a) && !$('hint-panel').contains(a)) return;
  target.focus();
}

function renderScores() {
  const s = game.state;
  const body = $('scores');
  body.replaceChildren();
  // While moves are shown, the scores, the player and the end are those
  // of the move on the table.
  const b = game.board;
  const steps = stepping() && game.view.player >= 0;
  const current = steps ? game.view.player : s.current;
  const over = steps ? b.winner >= 0 : s.over;
  const winner = steps ? b.winner : s.winner;
  s.players.forEach((sp, i) => {
    const p = steps ? { ...sp, score: b.players[i]?.score ?? 0, farkles: b.players[i]?.farkles ?? 0 } : sp;
    const tr = el('tr', { 'data-seat': String(i) });
    if (i === current && !over) tr.setAttribute('aria-current', 'true');
    if (over && i === winner) tr.classList.add('winner');
    const name = el('th', { scope: 'row' });
    name.append(el('span', { class: 'name', text: nameOf(i) }));
    if (p.kind === 'human') {
      if (i === game.seat) name.append(el('span', { class: 'tag', text: t('tag.you') }));
    } else name.append(...botTags(p));
    if (over && i === winner) name.append(el('span', { class: 'tag win', text: t('tag.winner') }));
    const here = presenceMark(i, p.kind, i === game.seat); // alerts.js
    if (here) name.append(here);
    tr.append(name, el('td', { class: 'score', text: num(p.score) }), el('td', { text: num(p.farkles) }));
    body.append(tr);
  });
  markReactions();
}

// botTags are the tags of the bot of player p: its kind ("hard bot"),
// and, while the server has not the exact table of a best bot, what it
// plays as meanwhile ("as hard for now").
const BOT_KINDS = ['easy', 'medium', 'casual', 'hard', 'best'];
function botTags(p) {
  if (!BOT_KINDS.includes(p.kind)) return [el('span', { class: 'tag', text: t('tag.bot') })];
  const tags = [el('span', { class: 'tag bot-kind', text: t('tag.botKind', { kind: t('kind.' + p.kind) }) })];
  if (p.plays_as) {
    const as = t('kind.' + p.plays_as);
    tags.push(el('span', { class: 'tag bot-as', text: t('tag.botAs', { as }), title: t('tag.botAsTitle', { as }) }));
  }
  return tags;
}

// eventText describes event e in the page's language.
function eventText(e) {
  const p = { name: nameOf(e.player), dice: (e.dice || []).join(' '), points: e.points, total: e.turn_total, score: e.score, farkles: e.farkles };
  const key = {
    rolled: 'ev.rolled', kept: 'ev.kept', 'hot-dice': 'ev.hot', banked: 'ev.banked', farkled: 'ev.farkled', penalty: 'ev.penalty',
    'final-round': 'ev.final', won: 'ev.won', 'toxic-twos': 'ev.toxic', 'six-ones': 'ev.sixOnes', bankrupt: 'ev.bankrupt',
    overshot: 'ev.overshot', welfare: 'ev.welfare', piggybacked: 'ev.pig',
  }[e.kind];
  return key ? t(key, p) : `${p.name}: ${e.kind}`;
}

// addHistory adds event e to the history.
function addHistory(e) {
  game.events.push(e);
  const b = game.board;
  if (e.player >= 0) b.players[e.player] = { score: e.score, farkles: e.farkles };
  if (e.kind === 'final-round') b.final = true;
  if (e.kind === 'won') b.winner = e.player;
  if (!game.bulk) renderHistory();
}

// renderHistory shows a page of the history, newest first, numbered
// from 1: the newest page unless the player went to an older one.
function renderHistory() {
  const n = game.events.length;
  const pages = Math.max(1, Math.ceil(n / HISTORY_PAGE));
  game.histPage = Math.min(game.histPage, pages - 1);
  const end = n - game.histPage * HISTORY_PAGE;
  const start = Math.max(0, end - HISTORY_PAGE);
  const list = $('history');
  list.replaceChildren();
  list.style.setProperty('--digits', String(String(end).length)); // room for the numbers
  for (let i = end - 1; i >= start; i--) {
    const e = game.events[i];
    list.append(el('li', { class: 'ev ev-' + e.kind, text: eventText(e), value: e.seq + 1 }));
  }
  $('history-pages').hidden = n <= HISTORY_PAGE;
  $('history-newer').disabled = game.histPage === 0;
  $('history-older').disabled = start === 0;
  $('history-range').textContent = n ? t('history.range', { from: start + 1, to: end, n }) : '';
}

function pageHistory(d) {
  game.histPage = Math.max(0, game.histPage + d);
  renderHistory();
}

// act runs a move of the player: one at a time, not while the table
// shows moves or a newer state waits. A failure is said in words. After
// a move (not the hint), the focus goes to the next useful control.
async function act(fn, move = true) {
  if (game.busy || game.playing || behind()) return;
  game.busy = true;
  document.body.dataset.busy = '1';
  notify(null);
  clearBanner();
  renderSelection();
  try {
    await fn();
    game.wantFocus = move;
  } catch (err) {
    notify(() => errorText(err), connCode(err));
    if (err.status === 409 || err.status === 500 || err.code === 'moveNetwork') refresh();
  } finally {
    game.busy = false;
    document.body.dataset.busy = '0';
    if (game.state) renderSelection();
  }
}

async function refresh() {
  try {
    receive(null, await api('GET', `/api/games/${game.id}`, { token: game.token }));
    if (game.noticeKind === 'conn' && game.conn === 'connected') notify(null); // the server answers again
  } catch (err) {
    notify(() => errorText(err), connCode(err));
  }
}

// connCode returns 'conn' for a failure of the connection, whose notice
// goes once the connection is back.
function connCode(err) {
  return ['network', 'offline', 'moveNetwork'].includes(err?.code) ? 'conn' : '';
}

// MAX_RETRY_AFTER bounds the wait, in seconds, before a move refused as
// overloaded is sent again.
const MAX_RETRY_AFTER = 15;

// move sends a move made on the game as it had seen events. A move that
// got no answer is sent again, twice at most: the server makes it only
// if the game still has seen events, so that it is never made twice; a
// retry refused as stale after a lost answer means the first went
// through, or the game moved on, which the player is told. A move that
// the server refused as overloaded (503, not made) is sent once more
// after its Retry-After (at most MAX_RETRY_AFTER seconds).
async function move(action, body, seen) {
  if (!navigator.onLine) throw failure('offline');
  let lost = 0; // the attempts that got no answer
  let busy = false; // refused once as overloaded
  for (;;) {
    try {
      const st = await api('POST', `/api/games/${game.id}/${action}`, { token: game.token, body, seen });
      if (lost || busy) notify(null);
      return st;
    } catch (err) {
      if (err.code === 'stale' && lost) err.code = 'staleRetry';
      if (err.code === 'overloaded') {
        if (busy) {
          err.code = 'overloadedAgain';
          throw err;
        }
        busy = true;
        notify(() => t('err.overloadedRetry'));
        await sleep(1000 * Math.min(Math.max(err.retryAfter, 1), MAX_RETRY_AFTER));
        continue;
      }
      if (err.code !== 'network') throw err;
      if (lost >= 2 || !navigator.onLine) {
        err.code = 'moveNetwork';
        throw err;
      }
      lost++;
      notify(() => t('err.retrying'), 'conn');
      await sleep(700 * lost);
    }
  }
}

// keepThen keeps the selection, if dice are on the table, then makes the
// move action (roll or bank).
async function keepThen(action) {
  let seen = game.state.num_events;
  if (game.state.dice.length) {
    const keep = selectedKeep();
    if (!keep) throw failure('selectKeep');
    const st = await move('keep', { dice: keep.dice }, seen);
    receive(null, st);
    seen = st.num_events;
  }
  receive(null, await move(action, undefined, seen));
}

async function hint() {
  game.advice = await api('GET', `/api/games/${game.id}/advice`);
  renderHint();
  $('hint-panel').hidden = false;
  $('hint').setAttribute('aria-expanded', 'true');
  $('hint-panel').focus();
}

// renderHint draws the advice: sorted by the chance to win when the
// server knows it, else by the expected score of the turn.
function renderHint() {
  const a = game.advice;
  if (!a) return;
  const rows = $('hint-rows');
  rows.replaceChildren();
  rows.dataset.lang = document.documentElement.lang;
  const chances = !!a.win_chance;
  $('chance-col').hidden = !chances;
  // Three-player games whose table the server solved: every seat's chance.
  const seats = a.choices.some((c) => c.seat_chances?.length);
  $('seats-col').hidden = !seats;
  $('hint-panel').classList.toggle('with-seats', seats); // a phone then hides the expected score
  const best = $('hint-best');
  if (a.farkle || !a.best) {
    best.textContent = t('hint.farkle');
    return;
  }
  const choices = chances ? [...a.choices].sort((x, y) => (y.win_chance ?? 0) - (x.win_chance ?? 0)) : a.choices;
  const then = (c) => (c.bank ? t('hint.bank', { n: c.turn_total }) : t('hint.roll', { n: c.dice_left }));
  const b = choices[0];
  const p = { dice: b.dice.join(' '), combos: comboText(b), then: then(b), value: Math.round(b.value) };
  best.textContent = chances ? t('hint.bestWin', { ...p, chance: percent(b.win_chance) }) : t('hint.best', p);
  best.dataset.dice = b.dice.join(',');
  best.dataset.bank = String(b.bank);
  choices.forEach((c, i) => {
    const tr = el('tr', { class: i === 0 ? 'best' : '', 'data-dice': c.dice.join(','), 'data-bank': String(c.bank) });
    const pick = el('button', { type: 'button', class: 'small', text: t('col.select') });
    pick.setAttribute('aria-label', t('hint.select', { dice: c.dice.join(' ') }));
    pick.addEventListener('click', () => selectKeep(c.dice, c.bank));
    // data-label names the column where a phone shows a row as lines.
    tr.append(
      el('td', { class: 'keep', text: `${c.dice.join(' ')}: ${comboText(c)}` }),
      el('td', { class: 'num', text: num(c.points), 'data-label': t('col.points') }),
      el('td', { class: 'then', text: then(c) }),
    );
    if (chances) tr.append(el('td', { class: 'num', text: c.win_chance == null ? '—' : percent(c.win_chance), 'data-label': t('col.chance') }));
    if (seats) tr.append(el('td', { class: 'seat-cell' }, seatChances(a.player, c.seat_chances)));
    tr.append(el('td', { class: 'num', text: num(Math.round(c.value)), 'data-label': t('col.expected') }), el('td', { class: 'pick' }, pick));
    rows.append(tr);
  });
}

// seatChances lists every player's chance to win after a choice, in seat
// order (that of the scores), the mover's marked: chances are in order of
// play from the mover, the advice's player. A dash without them.
function seatChances(mover, chances) {
  const n = chances?.length ?? 0;
  if (!n) return '—';
  const list = el('ul', { class: 'seat-chances', role: 'list' }); // a list still to Safari, unstyled
  for (let s = 0; s < n; s++) {
    const li = el('li', { class: s === mover ? 'mover' : '' });
    // A space between name and chance: "Ann 40.1%" to a screen reader.
    li.append(el('span', { class: 'who', text: nameOf(s) }), ' ', el('span', { class: 'pct', text: percent(chances[(s - mover + n) % n]) }));
    list.append(li);
  }
  return list;
}

// closeHint hides the hint, and gives the focus back to its button.
function closeHint(focus = true) {
  const was = !$('hint-panel').hidden;
  $('hint-panel').hidden = true;
  $('hint').setAttribute('aria-expanded', 'false');
  game.advice = null;
  if (was && focus) ($('hint').disabled ? $('roll') : $('hint')).focus();
}

// selectKeep selects the dice of a keep.
function selectKeep(dice, bank = false) {
  game.pick = { key: [...dice].sort((a, b) => a - b).join(','), bank };
  const want = counts(dice);
  game.sel.clear();
  game.state.dice.forEach((d, i) => {
    if (want[d] > 0) {
      want[d]--;
      game.sel.add(i);
    }
  });
  renderDice(false);
  renderSelection();
  ($('bank').classList.contains('primary') ? $('bank') : $('roll')).focus();
}

// ------------------------------------------------------- the connection

// setConn shows the state of the event stream: connecting, connected,
// reconnecting or offline.
function setConn(state) {
  // A notice of the connection lost is stale once it is back.
  if (state === 'connected' && game.noticeKind === 'conn') notify(null);
  if (game.conn === state) return;
  const was = game.conn;
  game.conn = state;
  const c = $('conn');
  c.hidden = false;
  c.dataset.state = state;
  c.textContent = t('conn.' + state);
  document.body.dataset.conn = state;
  if (game.state && (state === 'offline' || was === 'offline')) render();
  // Back after a loss: what could not be done offline is done now.
  if (state === 'connected' && (was === 'reconnecting' || was === 'offline')) reopen();
}

// reopen takes again, once the connection is back, the seat that could
// not be taken offline and the #token= link that could not be checked.
async function reopen() {
  loadGuide(); // its failure offline said so in its place
  if (game.seat < 0 && game.seats?.current >= 0) await openSeats();
  if (location.hash.startsWith('#token=')) openLink();
}

// setKey sets the key of the seat's token (alerts.js), which the stream
// sends for the seat's presence: once it has changed, an open stream
// opens again with it.
function setKey(tok) {
  game.keyReady = seatKey(tok).then((k) => {
    if (game.token !== tok || k === game.key) return;
    game.key = k;
    if (game.source) connect();
  });
}

// showCopy draws the game as this browser last saw it (alerts.js keeps
// it), marked offline, when the server cannot be reached and nothing is
// drawn yet: the stream's events go on from it once it is back.
async function showCopy() {
  if (game.state || game.pending) return;
  const c = await loadCopy(game.id);
  if (!c || game.state || game.pending) return;
  const tok = game.seats?.tokens[c.seat];
  if (game.seat < 0 && tok) {
    game.seat = c.seat;
    game.token = tok;
    setKey(tok);
  }
  if (c.guide && !game.guide) {
    game.guide = c.guide;
    renderGuide();
  }
  receive(c.events, c.state);
  notify(() => copyNotice(c.at), 'conn');
  document.body.dataset.copyShown = '1';
}

function connect() {
  game.source?.close();
  clearTimeout(game.retry);
  if (!navigator.onLine) {
    setConn('offline');
    showCopy();
    return;
  }
  if (game.conn !== 'reconnecting') setConn('connecting');
  // The seat's key makes the stream count for the seat's presence.
  const key = game.key ? `&key=${game.key}` : '';
  const src = new EventSource(`/api/games/${game.id}/stream?since=${game.next}&lang=${encodeURIComponent(lang())}&presence=1${key}`);
  src.addEventListener('presence', (ev) => setPresence(JSON.parse(ev.data)));
  src.addEventListener('open', () => setConn('connected'));
  src.addEventListener('update', (ev) => {
    setConn('connected');
    const msg = JSON.parse(ev.data);
    receive(msg.events, msg.state);
  });
  src.addEventListener('reaction', (ev) => showReaction(JSON.parse(ev.data)));
  src.addEventListener('error', () => {
    if (src !== game.source) return;
    setPresence(null); // unknown until the stream is back
    if (!navigator.onLine) setConn('offline');
    else setConn('reconnecting');
    if (src.readyState === EventSource.CLOSED) {
      // The browser gave up (the server refused the stream): try again
      // a little later, from the events the page has.
      game.retry = setTimeout(connect, 3000);
    }
  });
  game.source = src;
}

// ------------------------------------------------------------ the seats

// join asks the server for the seat of tok, with a name to choose.
function join(tok, name) {
  return api('POST', `/api/games/${game.id}/join`, { token: tok, body: name === undefined ? undefined : { name } });
}

// takeSeat plays seat j.seat with tok, from the join's answer j.
function takeSeat(tok, j) {
  const rec = game.seats;
  rec.tokens[j.seat] = tok;
  if (!rec.mine.includes(j.seat)) rec.mine.push(j.seat);
  rec.current = j.seat;
  saveSeats(game.id, rec);
  game.token = tok;
  game.seat = j.seat;
  setKey(tok);
  game.rollKey = -2; // draw the dice again: they may be this seat's to keep
  receive(null, j.state);
  if (game.state) render();
  renderSeats();
}

// openSeats joins the seat this browser plays, then the seat of a
// #token= link, which may ask the player to switch seats or choose a name.
async function openSeats() {
  const rec = loadSeats(game.id);
  game.seats = rec;
  const mine = rec.current >= 0 ? rec.tokens[rec.current] : rec.legacy;
  if (mine) {
    try {
      takeSeat(mine, await join(mine));
      if (rec.legacy) localStorage.removeItem('farkle:token:' + game.id); // kept per seat now
    } catch (err) {
      if (err.code === 'bad_token') {
        // A token the server does not know any more: forgotten.
        for (const [k, v] of Object.entries(rec.tokens)) if (v === mine) delete rec.tokens[k];
        rec.mine = rec.mine.filter((s) => s !== rec.current);
        rec.current = -1;
        saveSeats(game.id, rec);
      } else {
        notify(() => errorText(err), connCode(err));
      }
    }
  }
}

// openLink takes the seat of the address's #token= link, if any: the page
// asks before switching from another seat, and a new seat's player
// chooses a name. A link that the server refuses changes nothing.
async function openLink() {
  const rec = game.seats;
  const m = /^#token=([A-Za-z0-9_-]+)$/.exec(location.hash);
  const link = m?.[1] || '';
  if (link) notify(null); // what an earlier link did
  if (!link || link === game.token) {
    if (link) history.replaceState(null, '', location.pathname);
    renderSeats();
    return;
  }
  let j;
  try {
    j = await join(link);
  } catch (err) {
    if (err.code === 'bad_token' || err.status === 403) {
      notify(() => t(game.seat >= 0 ? 'link.bad' : 'link.badWatching'));
      history.replaceState(null, '', location.pathname); // a bad link changes nothing
    } else {
      notify(() => t('link.unchecked'), connCode(err)); // the link stays, to try again
    }
    renderSeats();
    return;
  }
  // The token stays out of the address bar, the history and screenshots.
  history.replaceState(null, '', location.pathname);
  rec.tokens[j.seat] = link;
  saveSeats(game.id, rec);
  const first = !rec.mine.includes(j.seat);
  if (game.seat >= 0 && j.seat !== game.seat) {
    if (!(await askSwitch(j.seat))) {
      renderSeats();
      return;
    }
  }
  takeSeat(link, j);
  if (first) askName(true);
}

// askSwitch asks whether to play seat s instead of the current seat.
function askSwitch(s) {
  const d = $('switch-dialog');
  const names = { new: nameOf(s), cur: nameOf(game.seat) };
  $('switch-text').textContent = t('switch.text', names);
  $('switch-ok').textContent = t('switch.ok', names);
  $('switch-stay').textContent = t('switch.stay', names);
  return new Promise((resolve) => {
    const done = (yes) => {
      $('switch-ok').onclick = $('switch-stay').onclick = d.oncancel = null;
      if (d.open) d.close();
      resolve(yes);
    };
    $('switch-ok').onclick = () => done(true);
    $('switch-stay').onclick = () => done(false);
    d.oncancel = (ev) => {
      ev.preventDefault();
      done(false);
    };
    d.showModal();
    $('switch-ok').focus();
  });
}

// askName asks the player for the name of their seat: on joining with a
// link (joining), or to change it.
function askName(joining) {
  if (game.seat < 0) return;
  const d = $('name-dialog');
  $('name-heading').textContent = t(joining ? 'join.heading' : 'rename.heading');
  $('name-text').textContent = joining ? t('join.text', { name: nameOf(game.seat) }) : '';
  $('name-text').hidden = !joining;
  $('name-ok').textContent = t(joining ? 'join.ok' : 'save');
  $('name-error').textContent = '';
  const input = $('name-input');
  const current = game.state?.players[game.seat]?.name || '';
  input.value = defaultName(current, game.seat) ? '' : current;
  d.showModal();
  input.focus();
}

async function submitName(ev) {
  ev.preventDefault();
  const name = $('name-input').value.trim();
  if (!name) {
    $('name-dialog').close();
    return;
  }
  try {
    const j = await join(game.token, name);
    $('name-dialog').close();
    receive(null, j.state);
    renderSeats();
  } catch (err) {
    $('name-error').textContent = errorText(err);
    $('name-input').focus();
  }
}

// renderSeats shows the seats this browser knows: the link of the seat
// played (to play it on another device) and of every invite, each with
// copy and share buttons, and the other seats it has played.
function renderSeats() {
  const rec = game.seats;
  const s = game.state || game.pending;
  if (!rec || !s) return;
  $('seat-me').textContent = game.seat >= 0 ? t('seats.you', { name: nameOf(game.seat) }) : t('seats.watching');
  const list = $('seat-links');
  list.replaceChildren();
  const seats = Object.keys(rec.tokens).map(Number).filter((i) => i >= 0 && i < s.players.length).sort((a, b) => a - b);
  for (const i of seats) {
    const url = new URL(`/g/${game.id}#token=${rec.tokens[i]}`, location.href).href;
    const name = nameOf(i);
    const own = i === game.seat;
    const li = el('li', { 'data-seat': String(i), class: own ? 'own' : '' });
    const what = own ? 'seats.yourLink' : rec.mine.includes(i) ? 'seats.other' : 'seats.invite';
    li.append(el('p', { class: 'seat-what', text: t(what, { name }) }));
    const input = el('input', { readOnly: true, value: url, class: 'link', type: 'text' });
    input.setAttribute('aria-label', t('seats.linkOf', { name }));
    input.addEventListener('focus', () => input.select());
    const copy = el('button', { type: 'button', class: 'small copy', text: t('copy') });
    copy.addEventListener('click', () => copyLink(input, copy));
    const row = el('div', { class: 'link-row' }, input, copy);
    if (navigator.share) {
      const share = el('button', { type: 'button', class: 'small share', text: t('share') });
      share.addEventListener('click', () => navigator.share({ title: 'Farkle', text: t('share.text', { name }), url }).catch(() => {}));
      row.append(share);
    }
    li.append(row);
    if (!own && rec.mine.includes(i)) {
      const play = el('button', { type: 'button', class: 'small play-as', text: t('seats.playAs', { name }) });
      play.addEventListener('click', () => switchTo(i));
      li.append(play);
    }
    list.append(li);
  }
  const actions = $('seat-actions');
  actions.replaceChildren();
  if (game.seat >= 0) {
    const b = el('button', { type: 'button', class: 'small', id: 'rename', text: t('seats.rename') });
    b.addEventListener('click', () => askName(false));
    actions.append(b);
  }
}

async function copyLink(input, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch {
    input.focus();
    input.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
  }
  const text = ok ? t('copied') : t('copy.failed');
  button.textContent = ok ? t('copied') : t('copy');
  announce(text);
  if (!ok) notify(() => t('copy.failed'));
  setTimeout(() => {
    if (button.isConnected) button.textContent = t('copy');
  }, 2000);
}

// switchTo plays seat s, whose token this browser has.
async function switchTo(s) {
  const tok = game.seats.tokens[s];
  try {
    takeSeat(tok, await join(tok));
    notify(null);
    render();
  } catch (err) {
    notify(() => errorText(err), connCode(err));
  }
}

// ------------------------------------------------------------ the keys

function onKey(ev) {
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (document.querySelector('dialog[open]')) return; // the dialog has the keys
  if (ev.key === 'Escape') {
    // One panel a press: the one with the focus, else the hint.
    const inGuide = $('rules-panel').contains(document.activeElement);
    if (!$('hint-panel').hidden && !inGuide) closeHint();
    else if (!$('rules-panel').hidden) toggleGuide(false);
    return;
  }
  const target = ev.target;
  if (target.closest?.('#dice') && ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(ev.key)) {
    ev.preventDefault();
    moveRove({ ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: 'first', End: 'last' }[ev.key]);
    return;
  }
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable) return;
  const click = (id) => {
    if ($(id).disabled || $(id).hidden) return;
    ev.preventDefault();
    $(id).click();
  };
  switch (ev.key.toLowerCase()) {
    case 'r':
      click('roll');
      break;
    case 'b':
      click('bank');
      break;
    case 'h':
      if (!$('hint-panel').hidden) {
        ev.preventDefault();
        closeHint();
      } else click('hint');
      break;
    default:
  }
}

async function gamePage() {
  game.id = document.body.dataset.gameId;
  setupLang(() => {
    announce(''); // said in the language before
    notify(game.notice, game.noticeKind);
    connect();
    refresh();
    loadGuide();
    renderHistory();
    renderBanner();
    renderSeats();
    if (game.advice) {
      // The combinations' names of the hint come from the server.
      api('GET', `/api/games/${game.id}/advice`).then((a) => {
        game.advice = a;
        renderHint();
      }, () => {});
    }
    if (game.conn) {
      const c = game.conn;
      game.conn = '';
      setConn(c);
    }
    relabel(); // alerts.js
  });
  setupAlerts();
  onPresence(() => game.state && renderScores());

  $('roll').addEventListener('click', () => act(() => keepThen('roll')));
  $('bank').addEventListener('click', () => act(() => keepThen('bank')));
  $('piggyback').addEventListener('click', () => act(async () => {
    receive(null, await move('piggyback', undefined, game.state.num_events));
  }));
  $('hint').addEventListener('click', () => {
    if (!$('hint-panel').hidden) closeHint();
    else act(hint, false);
  });
  $('hint-close').addEventListener('click', () => closeHint());
  $('rematch').addEventListener('click', () => rematch().catch((err) => notify(() => errorText(err), connCode(err))));
  $('history-newer').addEventListener('click', () => pageHistory(-1));
  $('history-older').addEventListener('click', () => pageHistory(1));
  $('name-form').addEventListener('submit', submitName);
  $('name-cancel').addEventListener('click', () => $('name-dialog').close());
  // A click or a key shows the rest of the steps at once.
  document.addEventListener('click', skipSteps, true);
  document.addEventListener('keydown', (ev) => {
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && ev.key !== 'Tab' && ev.key !== 'Shift') skipSteps();
  }, true);
  document.addEventListener('keydown', onKey);
  window.addEventListener('offline', () => {
    setConn('offline');
    showCopy();
  });
  window.addEventListener('online', () => {
    setConn('reconnecting');
    connect();
    refresh();
  });
  setupGuide();
  setupReactions();
  const sp = $('speed');
  sp.value = speed();
  sp.addEventListener('change', () => {
    localStorage.setItem(SPEED_KEY, sp.value);
    if (sp.value === 'instant') skipSteps();
  });
  if (localStorage.getItem('farkle:debug') === '1') debugHook();
  // A link pasted into this page's address changes only its #token=.
  window.addEventListener('hashchange', () => {
    if (location.hash.startsWith('#token=')) openLink();
  });

  await openSeats();
  await game.keyReady; // the stream counts for the seat from the start
  connect();
  openLink();
}

// debugHook exposes window.__farkle for the browser test: it holds the
// table at each move shown until step() is called, and reads the events
// shown. Only with localStorage farkle:debug set to 1.
function debugHook() {
  window.__farkle = Object.freeze({
    hold(on) {
      game.hold = !!on;
      if (!on) game.wake?.();
    },
    // phase is 'step' (held at a move), 'busy', 'over', 'mine' (the
    // player may act) or 'other' (another player is to play).
    phase() {
      if (game.playing && game.hold && game.wake) return 'step';
      if (game.playing || game.busy || behind() || !game.state) return 'busy';
      if (game.state.over) return 'over';
      return myTurn() ? 'mine' : 'other';
    },
    step() {
      if (game.hold) game.wake?.();
    },
    events: (from = 0) => JSON.parse(JSON.stringify(game.events.slice(from))),
    seat: () => game.seat,
  });
}

// ------------------------------------------------------------ the rules

function setupGuide() {
  const btn = $('rules-button');
  btn.addEventListener('click', () => toggleGuide());
  $('rules-close').addEventListener('click', () => toggleGuide(false));
  loadGuide();
}

function toggleGuide(open = $('rules-panel').hidden) {
  $('rules-panel').hidden = !open;
  $('rules-button').setAttribute('aria-expanded', String(open));
  if (open) $('rules-panel').focus();
  else $('rules-button').focus();
}

async function loadGuide() {
  try {
    game.guide = await api('GET', `/api/games/${game.id}/rules`);
  } catch (err) {
    if (game.guide) renderGuide(); // the rules as known (an offline copy's), in this language's words where they are the page's
    else $('rules-name').textContent = errorText(err);
    return;
  }
  renderGuide();
  if (game.state) renderSelection();
}

function houseRulesOn(g) {
  return g.toxic_twos || g.six_ones_win || g.welfare || g.bankrupt || g.piggyback ||
    g.combos.some((c) => c.kind === 'low straight' || c.kind === 'high straight');
}

function miniDice(dice) {
  const box = el('span', { class: 'mini-dice', role: 'img', 'aria-label': dice.join(' ') });
  for (const d of dice) box.append(dieSVG(d));
  return box;
}

function renderGuide() {
  const g = game.guide;
  const name = t('preset.' + g.preset);
  const full = houseRulesOn(g) ? t('guide.house', { rules: name }) : name;
  $('rules-name').textContent = t('guide.line', { rules: full, target: g.target });
  $('rules-heading').textContent = t('guide.heading', { rules: full });
  const box = $('rules-body');
  box.replaceChildren();
  const list = el('ul', { class: 'rules-list' });
  const item = (text) => list.append(el('li', { text }));
  item(g.final_round ? t('g.finalRound', { target: g.target }) : (g.welfare ? t('g.welfare', { target: g.target }) : t('g.first', { target: g.target })));
  item(t('g.turn'));
  item(t('g.farkle'));
  if (g.min_bank) item(t('g.minBank', { n: g.min_bank }));
  if (g.min_first_bank) item(t('g.minFirst', { n: g.min_first_bank }));
  if (!g.min_bank && !g.min_first_bank) item(t('g.anyBank'));
  item(g.must_roll_hot_dice ? t('g.hotMust') : t('g.hot'));
  if (g.bankrupt) item(t('g.bankrupt', { n: g.penalty_after }));
  else if (g.penalty) item(t('g.penalty', { n: g.penalty_after, points: g.penalty }));
  if (g.toxic_twos) item(t('g.toxic'));
  if (g.six_ones_win) item(t('g.sixOnes'));
  if (g.welfare) item(t('g.welfareRule', { target: g.target }));
  if (g.piggyback) item(g.piggyback_bonus ? t('g.pigBonus', { n: g.piggyback_bonus }) : t('g.pig'));
  box.append(list);

  const table = el('table', { class: 'guide' });
  table.append(el('caption', { text: t('g.scoring') }));
  const head = el('tr');
  head.append(el('th', { scope: 'col', text: t('col.combo') }), el('th', { scope: 'col', text: t('col.dice') }), el('th', { scope: 'col', text: t('col.points') }));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const c of g.combos) {
    const tr = el('tr');
    const dice = el('td', {}, miniDice(c.dice));
    if (c.any) dice.append(el('span', { class: 'muted', text: ' ' + t('g.anyFaces') }));
    tr.append(el('th', { scope: 'row', text: c.name }), dice, el('td', { class: 'num', text: num(c.points) }));
    body.append(tr);
  }
  table.append(body);
  box.append(table);

  const grid = el('table', { class: 'guide of-a-kind' });
  grid.append(el('caption', { text: t('g.equal') }));
  const gh = el('tr');
  gh.append(el('th', { scope: 'col', text: t('col.face') }));
  for (const n of [3, 4, 5, 6]) gh.append(el('th', { scope: 'col', text: t('g.nDice', { n }) }));
  grid.append(el('thead', {}, gh));
  const gb = el('tbody');
  g.of_a_kind.forEach((row, f) => {
    const tr = el('tr');
    const face = el('th', { scope: 'row' }, miniDice([f + 1]));
    tr.append(face);
    for (const p of row) tr.append(el('td', { class: 'num', text: p ? num(p) : '—' }));
    gb.append(tr);
  });
  grid.append(gb);
  box.append(grid);
  const bonus = ['fixed', 'add_triple', 'double', 'none'].includes(g.bonus) ? t('g.' + g.bonus) : '';
  const notes = el('p', { class: 'muted', text: bonus + (g.split ? ' ' + t('g.split') : '') });
  box.append(notes);
  box.dataset.lang = document.documentElement.lang;
}

// ------------------------------------------------------------ game over

// summary returns each player's turns, farkles and best bank, from the
// whole history.
function summary() {
  const s = game.state;
  const rows = s.players.map((p, i) => ({ name: nameOf(i), score: p.score, turns: 0, farkles: 0, best: 0 }));
  for (const e of game.events) {
    const r = rows[e.player];
    if (!r) continue;
    if (e.kind === 'banked' || e.kind === 'farkled' || e.kind === 'overshot') r.turns++;
    if (e.kind === 'farkled') r.farkles++;
    if (e.kind === 'banked' && e.points > r.best) r.best = e.points;
  }
  return rows;
}

function renderOver() {
  const s = game.state;
  const panel = $('over-panel');
  panel.hidden = !s.over;
  if (!s.over) return;
  // A rematch is offered to the players: a watcher would take the first
  // seat of the new game under its player's name.
  $('rematch').hidden = game.seat < 0;
  renderRematch();
  countGame();
  const w = s.players[s.winner];
  $('over-heading').textContent = s.winner === game.seat ? t('over.you', { score: w.score }) : t('over.won', { name: nameOf(s.winner), score: w.score });
  const body = $('over-rows');
  body.replaceChildren();
  summary().forEach((r, i) => {
    const tr = el('tr', { class: i === s.winner ? 'winner' : '' });
    tr.append(el('th', { scope: 'row', class: 'name', text: r.name }),
      el('td', { class: 'num', text: num(r.score) }), el('td', { class: 'num', text: num(r.turns) }),
      el('td', { class: 'num', text: num(r.farkles) }), el('td', { class: 'num', text: num(r.best) }));
    body.append(tr);
  });
}

// ---------------------------------------- rematch, reactions, statistics

// rematch asks the server for the finished game's one rematch: the first
// press of any seat makes it, every later one joins it. Each player keeps
// their token, in the seat turned by one (seat 1 starts the rematch); the
// invites that this browser holds go with their seats. A watcher has no
// rematch.
async function rematch() {
  if (game.seat < 0) return;
  const r = await api('POST', `/api/games/${game.id}/rematch`, { token: game.token });
  const n = game.state.players.length;
  const rec = loadSeats(r.id);
  for (const [k, tok] of Object.entries(game.seats?.tokens || {})) {
    const j = (Number(k) - 1 + n) % n;
    if (rec.tokens[j] === undefined) rec.tokens[j] = tok;
  }
  rec.tokens[r.seat] = game.token;
  if (!rec.mine.includes(r.seat)) rec.mine.push(r.seat);
  rec.current = r.seat;
  saveSeats(r.id, rec);
  location.assign('/g/' + r.id);
}

// renderRematch says, once a seat has asked for the rematch, who did,
// and makes the button join it.
function renderRematch() {
  const s = game.state;
  const offer = $('rematch-offer');
  const by = s.rematch ? s.rematch_by : -1;
  offer.hidden = by < 0;
  offer.textContent = by < 0 ? '' : (by === game.seat ? t('rematch.yours') : t('rematch.offer', { name: nameOf(by) }));
  const btn = $('rematch');
  btn.dataset.i18n = by < 0 ? 'rematch' : 'rematch.join';
  btn.textContent = t(btn.dataset.i18n);
}

// REACTIONS are the quick reactions that a seat may send (the server's
// list), each with the key of its name.
const REACTIONS = [['👍', 'react.up'], ['😮', 'react.wow'], ['😂', 'react.laugh'], ['😬', 'react.yikes'], ['🎉', 'react.party']];
const REACTION_MS = 4000;

function setupReactions() {
  game.reacts = {};
  const bar = $('react-bar');
  for (const [emoji, key] of REACTIONS) {
    const b = el('button', { type: 'button', class: 'small react', text: emoji, 'data-emoji': emoji, 'aria-label': t(key) });
    b.dataset.i18nAriaLabel = key;
    b.addEventListener('click', () => {
      api('POST', `/api/games/${game.id}/react`, { token: game.token, body: { emoji } })
        .catch((err) => notify(() => errorText(err)));
    });
    bar.append(b);
  }
}

// showReaction shows a reaction of the stream beside its seat's name for
// a few seconds, and says it.
function showReaction(r) {
  const key = REACTIONS.find(([e]) => e === r.emoji)?.[1];
  if (!key || !game.state?.players[r.seat]) return;
  game.reacts[r.seat] = { emoji: r.emoji, key, until: Date.now() + REACTION_MS };
  markReactions();
  announce(t('react.said', { name: nameOf(r.seat), what: t(key) }));
  setTimeout(markReactions, REACTION_MS + 50);
}

// markReactions draws the reactions of the last few seconds beside the
// players' names, and the bar of reactions for a player of a game with
// another person in it (bots do not read them).
function markReactions() {
  const people = game.state?.players.filter((p) => p.kind === 'human').length || 0;
  $('react-bar').hidden = game.seat < 0 || people < 2;
  const now = Date.now();
  for (const tr of document.querySelectorAll('#scores tr[data-seat]')) {
    tr.querySelector('.reaction')?.remove();
    const r = game.reacts?.[tr.dataset.seat];
    if (!r || r.until <= now) continue;
    tr.querySelector('th').append(el('span', { class: 'reaction', role: 'img', 'aria-label': t(r.key), text: r.emoji }));
  }
}

// The statistics of this browser across games, in localStorage under
// farkle:stats: games played and won and the best turn (the most points
// banked in one turn) of the seats it played, each finished game counted
// once (the ids counted, the last STATS_IDS of them, survive a reset, so
// that a finished game opened again is not counted again).
const STATS_KEY = 'farkle:stats';
const STATS_IDS = 500;

function loadStats() {
  let st = null;
  try {
    st = JSON.parse(localStorage.getItem(STATS_KEY) || 'null');
  } catch {
    st = null;
  }
  const n = (v) => (Number.isFinite(v) && v >= 0 ? v : 0);
  return { played: n(st?.played), won: n(st?.won), best: n(st?.best), ids: Array.isArray(st?.ids) ? st.ids : [] };
}

// countGame counts the finished game of this page, once, for the seat
// played.
function countGame() {
  const s = game.state;
  if (!s?.over || game.seat < 0 || game.events.length < s.num_events) return;
  const st = loadStats();
  if (st.ids.includes(game.id)) return;
  st.played++;
  if (s.winner === game.seat) st.won++;
  for (const e of game.events) if (e.kind === 'banked' && e.player === game.seat && e.points > st.best) st.best = e.points;
  st.ids = [...st.ids, game.id].slice(-STATS_IDS);
  localStorage.setItem(STATS_KEY, JSON.stringify(st));
}

// showStats shows the statistics on the home page, once a game is
// counted.
function showStats() {
  const box = $('my-stats');
  if (!box) return;
  const st = loadStats();
  box.hidden = st.played === 0;
  $('stats-played').textContent = num(st.played);
  $('stats-won').textContent = num(st.won);
  $('stats-rate').textContent = st.played ? percent(st.won / st.played) : '—';
  $('stats-best').textContent = num(st.best);
  if (!box.dataset.ready) {
    box.dataset.ready = '1';
    $('stats-reset').addEventListener('click', () => {
      if (!window.confirm(t('stats.confirm'))) return;
      const cur = loadStats();
      localStorage.setItem(STATS_KEY, JSON.stringify({ played: 0, won: 0, best: 0, ids: cur.ids }));
      showStats();
    });
  }
}

if (document.body.dataset.page === 'game') gamePage();
else home();
