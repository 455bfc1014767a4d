// The page of farkle serve: a plain JavaScript module, no framework.
// Data from the server is only ever shown with textContent and
// attributes, never as HTML.

import { dieSVG } from './dice.js';

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

function lang() {
  return localStorage.getItem(LANG_KEY) || 'en';
}

// api calls the JSON API and returns the parsed body, or throws an Error
// with the server's code and message.
async function api(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers['X-Farkle-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(path + sep + 'lang=' + encodeURIComponent(lang()), {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new Error(data?.error?.message || `HTTP ${res.status}`);
    err.code = data?.error?.code || 'http';
    err.status = res.status;
    throw err;
  }
  return data;
}

function setupLang(onChange) {
  const sel = $('lang');
  sel.value = lang();
  document.documentElement.lang = sel.value;
  sel.addEventListener('change', () => {
    localStorage.setItem(LANG_KEY, sel.value);
    document.documentElement.lang = sel.value;
    onChange?.();
  });
}

// ---------------------------------------------------------------- home

function home() {
  setupLang();
  const form = $('new-game');
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
    };
    if (house.piggyback) house.piggyback_bonus = parseInt($('piggyback-bonus').value, 10) || 0;
    try {
      const g = await api('POST', '/api/games', { body: { rules: $('rules').value, target, seats, ...house } });
      const invites = g.seats.filter((s) => s.kind === 'human' && s.seat !== 0)
        .map((s) => ({ seat: s.seat, name: s.name, link: s.link }));
      sessionStorage.setItem('farkle:invites:' + g.id, JSON.stringify(invites));
      location.assign(g.seats[0].link);
    } catch (err) {
      $('form-error').textContent = err.message;
    }
  });
}

// ---------------------------------------------------------------- game

const game = {
  id: '',
  token: '',
  seat: -1,
  state: null, // the state on the page
  pending: null, // the newest state received, shown once its events are
  events: [], // the events shown, in order
  next: 0, // the seq of the next event to queue
  queue: [], // events received, not yet shown
  loaded: false, // the history so far is in: newer events are paced
  playing: false,
  skip: false,
  wake: null,
  fetching: false,
  // view is the table as the events draw it: the turn's player, the
  // dice rolled and the keeps set aside.
  view: { player: -1, roll: [], kept: [], total: 0, ended: true },
  banner: [], // the notable events since the last action, oldest first
  guide: null,
  // sel holds the indices of the selected dice of the roll rollKey.
  sel: new Set(),
  rollKey: -2, // no roll rendered yet; -1 is "no dice on the table"
  busy: false,
  source: null,
};

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

function plural(n, one, many) {
  return n === 1 ? `${n} ${one}` : `${n} ${many}`;
}

function nameOf(i) {
  return (game.state || game.pending)?.players[i]?.name ?? `Player ${i + 1}`;
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

function myTurn() {
  const s = game.state;
  return s && !s.over && game.seat >= 0 && s.current === game.seat;
}

// comboText names the combinations of a keep, in the page's language.
function comboText(k) {
  return k.combos.map((c) => c.name).join(' + ');
}

function bankMinimum() {
  const s = game.state;
  const me = s.players[s.current];
  return Math.max(s.min_bank || 0, me.on_board ? 0 : s.min_first_bank || 0);
}

// ------------------------------------------------------------ the steps

// receive takes what the server sent: new events, a newer state, or
// both. Events are shown one by one (see play); the state once its
// events have been.
function receive(evs, st) {
  if (st && (!game.pending || st.id !== game.pending.id || st.num_events >= game.pending.num_events)) game.pending = st;
  const fresh = (evs || []).filter((e) => e.seq >= game.next).sort((a, b) => a.seq - b.seq);
  if (fresh.length && fresh[0].seq === game.next) {
    const run = [];
    for (const e of fresh) {
      if (e.seq !== game.next) break;
      run.push(e);
      game.next++;
    }
    if (!game.loaded) {
      // The history of a game opened: no pacing.
      for (const e of run) addHistory(e);
      initialView(run);
    } else {
      game.queue.push(...run);
    }
  }
  if (evs && !game.loaded) game.loaded = true;
  if (game.pending && game.pending.num_events > game.next && game.loaded) fetchMissing();
  pump();
}

// fetchMissing gets the events that a state counts and no stream sent.
async function fetchMissing() {
  if (game.fetching) return;
  game.fetching = true;
  await new Promise((r) => setTimeout(r, 300)); // the stream is usually first
  try {
    if (game.pending && game.pending.num_events > game.next) {
      const r = await api('GET', `/api/games/${game.id}/events?since=${game.next}`);
      const st = await api('GET', `/api/games/${game.id}`, { token: game.token });
      game.fetching = false;
      receive(r.events, st);
      return;
    }
  } catch (err) {
    $('status').textContent = err.message;
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
  return reducedMotion.matches || game.skip;
}

// pause waits ms, or less when the player skips.
function pause(ms) {
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
  if (!game.playing) return;
  game.skip = true;
  game.wake?.();
}

async function play() {
  game.playing = true;
  document.body.dataset.playing = '1';
  renderSelection();
  while (game.queue.length) {
    const e = game.queue.shift();
    step(e, instant());
    addHistory(e);
    if (!instant()) {
      renderView(true);
      $('announce').textContent = e.text;
    }
    const own = e.player === game.seat && OWN_MS[e.kind] !== undefined;
    await pause(own ? OWN_MS[e.kind] : STEP_MS[e.kind] ?? 600);
  }
  game.playing = false;
  game.skip = false;
  document.body.dataset.playing = '0';
  if (game.banner.length) $('announce').textContent = game.banner.map((b) => b.text).join(' ');
  renderBanner();
  pump();
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
      note(e, 'hot', 'Hot dice!', `${nameOf(e.player)} set aside every die: six dice to roll again.`);
      break;
    case 'banked':
      v.ended = true;
      v.roll = [];
      note(e, 'banked', 'Banked.', `${nameOf(e.player)} banked ${e.points}: score ${e.score}.`);
      break;
    case 'farkled': {
      v.ended = true;
      const toxic = game.events.some((x) => x.kind === 'toxic-twos' && x.seq === e.seq - 1);
      const lost = e.points ? ` and lost ${e.points} points` : '';
      const n = note(e, 'farkled', toxic ? 'Toxic twos!' : 'Farkle!',
        toxic ? `${nameOf(e.player)} rolled four or more 2s${lost}.` : `${nameOf(e.player)} rolled nothing to keep${lost}.`);
      n.dice = v.roll.slice();
      break;
    }
    case 'penalty':
      note(e, 'farkled', 'Penalty!', `${nameOf(e.player)} lost ${e.points} points for farkles in a row: score ${e.score}.`);
      break;
    case 'final-round':
      note(e, 'final-round', 'Final round!', `${nameOf(e.player)} reached the target: everyone else has one last turn.`);
      break;
    case 'won':
      if (game.events.some((x) => x.kind === 'six-ones' && x.seq === e.seq - 1)) note(e, 'won', 'Six 1s!', `${nameOf(e.player)} rolled six 1s and won at once.`);
      else note(e, 'won', 'Game over.', `${nameOf(e.player)} won with ${e.score}.`);
      break;
    case 'bankrupt':
      note(e, 'farkled', 'Bankrupt!', `${nameOf(e.player)} lost every point: ${e.points}.`);
      break;
    case 'overshot':
      v.ended = true;
      v.roll = [];
      note(e, 'farkled', 'Past the target!', `${nameOf(e.player)}'s bank of ${e.points} scores nothing.`);
      break;
    case 'welfare':
      note(e, 'banked', 'Welfare!', `${nameOf(e.player)} was given ${e.points} points.`);
      break;
    case 'piggybacked':
      game.view = { player: e.player, roll: [], kept: [], total: e.turn_total, ended: false };
      if (!quick) game.banner = [];
      note(e, 'hot', 'Piggyback!', `${nameOf(e.player)} took over ${e.points} points.`);
      break;
    default:
      break;
  }
  if (game.banner.length > 4) game.banner.splice(0, game.banner.length - 4);
}

function note(e, kind, title, text) {
  const n = { seq: e.seq, kind, title, text };
  game.banner.push(n);
  return n;
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
    line.append(el('strong', { text: n.title + ' ' }), document.createTextNode(n.text));
    if (n.dice?.length) {
      const dice = el('span', { class: 'mini-dice', 'aria-label': 'The roll: ' + n.dice.join(' '), role: 'img' });
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
  const box = $('dice');
  box.replaceChildren();
  v.roll.forEach((d, i) => {
    const die = el('span', { class: 'die step' + (v.fresh ? ' landing' : '') + (v.ended ? ' dead' : ''), 'data-face': String(d), role: 'img', 'aria-label': `Die ${i + 1}: ${d}` });
    die.style.setProperty('--i', String(i));
    die.append(dieSVG(d));
    box.append(die);
  });
  if (!v.roll.length) box.append(el('p', { class: 'no-dice', text: v.ended ? '' : `${nameOf(v.player)} sets the dice aside.` }));
  v.fresh = false;
  renderKept(v.kept, v.total, v.player);
  renderBanner();
  if (v.player >= 0 && game.state) {
    $('turn-heading').textContent = `Turn: ${nameOf(v.player)}`;
    $('turn-total').textContent = String(v.total);
    $('dice-left').textContent = plural(v.roll.length || (v.ended ? 0 : 6), 'die', 'dice');
    $('status').textContent = v.player === game.seat ? 'Your turn.' : `${nameOf(v.player)} is playing…`;
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
  box.append(el('span', { class: 'kept-label', text: player === game.seat ? 'Set aside:' : `${nameOf(player)} set aside:` }));
  // Only the keeps new since the last drawing move aside: a redraw of the
  // same keeps does not play it again.
  const before = game.keptKey && game.keptKey.player === player ? game.keptKey.n : 0;
  game.keptKey = { player, n: kept.length };
  kept.forEach((k, i) => {
    const g = el('span', { class: 'kept-group', role: 'img', 'aria-label': `${k.dice.join(' ')}: ${k.points} points` });
    for (const d of k.dice) {
      const die = el('span', { class: 'die kept-die' + (i >= before ? ' arriving' : ''), 'data-face': String(d) });
      die.append(dieSVG(d));
      g.append(die);
    }
    g.append(el('span', { class: 'kept-points', text: '+' + k.points }));
    box.append(g);
  });
}

// ------------------------------------------------------------ the page

function render() {
  const s = game.state;
  if (!s) return;
  const me = game.seat;
  const cur = s.players[s.current];

  // Status line.
  let status;
  if (s.over) {
    const w = s.players[s.winner];
    status = s.winner === me ? `Game over: you won with ${num(w.score)}!` : `Game over: ${w.name} won with ${num(w.score)}.`;
  } else if (myTurn()) {
    status = s.dice.length ? 'Your turn: select dice to keep, then roll or bank.' : (s.turn_total ? 'Your turn: roll the dice left, or bank.' : 'Your turn: roll the dice.');
  } else if (me < 0) {
    status = `Watching: ${cur.name} is to play.`;
  } else {
    status = `${cur.name} is to play.`;
  }
  if (s.final_round && !s.over) status += ' Final round!';
  $('status').textContent = status;
  document.body.classList.toggle('over', s.over);
  document.body.dataset.events = String(s.num_events);

  $('turn-heading').textContent = s.over ? 'Game over' : `Turn ${s.turn}: ${cur.name}`;
  $('actions').hidden = s.over;
  $('turn-line').hidden = s.over;
  $('dice').hidden = s.over;
  $('selection').hidden = s.over;
  $('turn-total').textContent = String(s.turn_total);
  $('dice-left').textContent = plural(s.dice.length || s.dice_left, 'die', 'dice');
  $('target').textContent = num(s.target);
  const house = [];
  if (s.low_straight) house.push(`1-2-3-4-5 scores ${s.low_straight}`);
  if (s.high_straight) house.push(`2-3-4-5-6 scores ${s.high_straight}`);
  if (s.toxic_twos) house.push('four 2s end the turn');
  if (s.six_ones_win) house.push('six 1s win');
  if (s.welfare) house.push('hit the target exactly');
  if (s.bankrupt) house.push('farkles in a row cost the whole score');
  if (s.piggyback) house.push(s.piggyback_bonus ? `piggyback with ${s.piggyback_bonus} more` : 'piggyback');
  $('house-rules').textContent = house.length ? 'House rules: ' + house.join(', ') + '.' : '';
  $('house-rules').hidden = !house.length;

  // A new roll resets the selection.
  const key = s.dice.length ? s.num_events : -1;
  if (key !== game.rollKey || document.querySelector('#dice .step, #dice .no-dice:empty')) {
    game.rollKey = key;
    game.sel.clear();
    $('hint-panel').hidden = true;
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
}

function renderDice(fresh) {
  const s = game.state;
  const box = $('dice');
  const mine = myTurn();
  if (fresh) {
    const a = document.activeElement;
    const hadFocus = box.contains(a) || a === $('roll') || a === $('bank') || a === document.body || a === null;
    box.replaceChildren();
    s.dice.forEach((d, i) => {
      const b = el('button', { type: 'button', class: 'die', 'data-face': String(d), 'data-index': String(i) });
      b.append(dieSVG(d));
      b.addEventListener('click', () => toggle(i));
      box.append(b);
    });
    if (!s.dice.length) box.append(el('p', { class: 'no-dice' }));
    if (mine && s.dice.length && hadFocus) box.querySelector('.die')?.focus();
  }
  const none = box.querySelector('.no-dice');
  if (none) {
    none.textContent = s.over ? 'The game is over.' : (mine ? 'Your turn: roll the dice.' : `${s.players[s.current].name} is to play.`);
  }
  box.querySelectorAll('.die').forEach((b) => {
    const i = Number(b.dataset.index);
    const on = game.sel.has(i);
    const can = mine && (on || selectable(i));
    b.setAttribute('aria-pressed', String(on));
    b.setAttribute('aria-disabled', String(!can));
    b.classList.toggle('selected', on);
    b.classList.toggle('locked', mine && !can);
    b.setAttribute('aria-label', `Die ${i + 1}: ${s.dice[i]}${on ? ', kept' : ''}${can ? '' : ', cannot be kept'}`);
  });
}

function toggle(i) {
  if (!myTurn() || game.busy || game.playing || behind()) return;
  if (game.sel.has(i)) game.sel.delete(i);
  else if (selectable(i)) game.sel.add(i);
  else return;
  renderDice(false);
  renderSelection();
}

function renderSelection() {
  const s = game.state;
  if (!s) return;
  const mine = myTurn() && !game.busy && !game.playing && !behind();
  const keep = s.dice.length ? selectedKeep() : null;
  let text = '';
  if (s.dice.length && game.sel.size) {
    text = keep ? `Keeping ${describeDice(keep.dice)}: ${keep.points} points (${comboText(keep)}).` : `Selected ${describeDice(selectedDice())}: not a whole keep yet.`;
  } else if (s.dice.length && mine) {
    text = 'Select the dice to keep.';
  }
  $('selection').textContent = text;

  const roll = $('roll');
  const bank = $('bank');
  let why = '';
  const min = bankMinimum();
  if (s.dice.length) {
    roll.disabled = !(mine && keep);
    const total = s.turn_total + (keep ? keep.points : 0);
    const mustRoll = keep && keep.hot_dice && s.must_roll_hot_dice;
    bank.disabled = !(mine && keep && total >= min && !mustRoll);
    roll.textContent = keep ? (keep.hot_dice ? 'Keep & roll 6 dice' : `Keep & roll ${plural(keep.dice_left, 'die', 'dice')}`) : 'Roll';
    if (keep && total < min) {
      bank.textContent = `Bank needs ${min}`;
      why = `Banking needs a turn total of ${min}${s.players[s.current].on_board ? '' : ' to get on the board'}: keeping this makes ${total}.`;
    } else if (mustRoll) {
      bank.textContent = 'Bank';
      why = 'Hot dice must be rolled: bank after the next keep.';
    } else {
      bank.textContent = keep ? `Keep & bank ${total}` : 'Bank';
    }
    if (mine && !keep) why = game.sel.size ? 'Roll and bank need a whole keep: add or remove dice.' : 'Select the dice to keep first: then roll or bank.';
  } else {
    roll.disabled = !(mine && s.can_roll);
    bank.disabled = !(mine && s.can_bank);
    roll.textContent = `Roll ${plural(s.dice_left, 'die', 'dice')}`;
    if (s.can_bank) bank.textContent = `Bank ${s.turn_total}`;
    else if (s.turn_total > 0 && s.turn_total < min) {
      bank.textContent = `Bank needs ${min}`;
      why = `Banking needs a turn total of ${min}: the turn has ${s.turn_total}.`;
    } else {
      bank.textContent = 'Bank';
      if (mine && s.bank_note) why = s.bank_note;
      else if (mine && !s.turn_total) why = 'Nothing to bank yet: roll first.';
    }
  }
  if (!myTurn() && !s.over) why = game.seat < 0 ? 'You are watching this game.' : `Wait for ${nameOf(s.current)}.`;
  if (game.playing) why = 'Showing the moves… click or press a key to skip.';
  $('why').textContent = why;
  $('hint').disabled = !(mine && s.dice.length);
  const pig = $('piggyback');
  pig.hidden = !(mine && s.offer_dice);
  pig.textContent = s.offer_dice ? `Piggyback ${s.offer_total} with ${plural(s.offer_dice, 'die', 'dice')}` : 'Piggyback';
}

function renderScores() {
  const s = game.state;
  const body = $('scores');
  body.replaceChildren();
  s.players.forEach((p, i) => {
    const tr = el('tr', { 'data-seat': String(i) });
    if (i === s.current && !s.over) tr.setAttribute('aria-current', 'true');
    if (s.over && i === s.winner) tr.classList.add('winner');
    const name = el('th', { scope: 'row' });
    name.append(el('span', { class: 'name', text: p.name }));
    const tag = p.kind === 'human' ? (i === game.seat ? 'you' : '') : 'bot';
    if (tag) name.append(el('span', { class: 'tag', text: tag }));
    if (s.over && i === s.winner) name.append(el('span', { class: 'tag win', text: 'winner' }));
    tr.append(name, el('td', { class: 'score', text: String(p.score) }), el('td', { text: String(p.farkles) }));
    body.append(tr);
  });
}

// addHistory shows event e in the history, numbered from 1, newest first.
function addHistory(e) {
  game.events.push(e);
  const li = el('li', { class: 'ev ev-' + e.kind, text: e.text, value: e.seq + 1 });
  $('history').prepend(li);
}

async function act(fn) {
  if (game.busy || game.playing || behind()) return;
  game.busy = true;
  document.body.dataset.busy = '1';
  clearBanner();
  renderSelection();
  try {
    await fn();
  } catch (err) {
    $('status').textContent = err.message;
    if (err.status === 409 || err.status === 500) refresh();
  } finally {
    game.busy = false;
    document.body.dataset.busy = '0';
    if (game.state) renderSelection();
  }
}

async function refresh() {
  try {
    receive(null, await api('GET', `/api/games/${game.id}`, { token: game.token }));
  } catch (err) {
    $('status').textContent = err.message;
  }
}

async function keepIfSelected() {
  if (!game.state.dice.length) return;
  const keep = selectedKeep();
  if (!keep) throw new Error('Select a whole keep first.');
  receive(null, await api('POST', `/api/games/${game.id}/keep`, { token: game.token, body: { dice: keep.dice } }));
}

async function hint() {
  const a = await api('GET', `/api/games/${game.id}/advice`);
  const panel = $('hint-panel');
  const rows = $('hint-rows');
  rows.replaceChildren();
  if (a.farkle || !a.best) {
    $('hint-best').textContent = 'Nothing to keep: a farkle.';
  } else {
    const b = a.best;
    const then = b.bank ? `bank ${b.turn_total}` : `roll ${plural(b.dice_left, 'die', 'dice')}`;
    $('hint-best').textContent = `Best: keep ${b.dice.join(' ')} (${comboText(b)}) and ${then}. Expected ${b.value.toFixed(0)}.`;
    $('hint-best').dataset.dice = b.dice.join(',');
    $('hint-best').dataset.bank = String(b.bank);
    a.choices.forEach((c, i) => {
      const tr = el('tr', { class: i === 0 ? 'best' : '', 'data-dice': c.dice.join(','), 'data-bank': String(c.bank) });
      const pick = el('button', { type: 'button', class: 'small', text: 'Select' });
      pick.setAttribute('aria-label', `Select keep ${c.dice.join(' ')}`);
      pick.addEventListener('click', () => selectKeep(c.dice));
      const chance = c.win_chance == null ? '' : ` · win ${(c.win_chance * 100).toFixed(1)}%`;
      tr.append(
        el('td', { text: `${c.dice.join(' ')}: ${comboText(c)}` }),
        el('td', { text: String(c.points) }),
        el('td', { text: c.bank ? `bank ${c.turn_total}` : `roll ${c.dice_left}` }),
        el('td', { text: c.value.toFixed(0) + chance }),
        el('td', {}, pick),
      );
      rows.append(tr);
    });
  }
  panel.hidden = false;
  panel.focus();
}

// selectKeep selects the dice of a keep.
function selectKeep(dice) {
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
  $('roll').focus();
}

function connect() {
  game.source?.close();
  const src = new EventSource(`/api/games/${game.id}/stream?since=${game.next}&lang=${encodeURIComponent(lang())}`);
  src.addEventListener('update', (ev) => {
    const msg = JSON.parse(ev.data);
    receive(msg.events, msg.state);
  });
  game.source = src;
}

function showInvites() {
  const raw = sessionStorage.getItem('farkle:invites:' + game.id);
  if (!raw) return;
  const invites = JSON.parse(raw);
  if (!invites.length) return;
  const list = $('invite-list');
  for (const inv of invites) {
    const url = new URL(inv.link, location.href).href;
    const input = el('input', { readOnly: true, value: url, class: 'link' });
    input.setAttribute('aria-label', `Link for ${inv.name}`);
    const li = el('li', {}, el('span', { text: inv.name + ': ' }), input);
    list.append(li);
  }
  $('invites').hidden = false;
}

async function gamePage() {
  game.id = document.body.dataset.gameId;
  const key = 'farkle:token:' + game.id;
  const m = /^#token=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (m) {
    localStorage.setItem(key, m[1]);
    // The token stays out of the address bar, the history and screenshots.
    history.replaceState(null, '', location.pathname);
  }
  game.token = localStorage.getItem(key) || '';
  setupLang(() => { connect(); refresh(); loadGuide(); });

  $('roll').addEventListener('click', () => act(async () => {
    await keepIfSelected();
    receive(null, await api('POST', `/api/games/${game.id}/roll`, { token: game.token }));
  }));
  $('bank').addEventListener('click', () => act(async () => {
    await keepIfSelected();
    receive(null, await api('POST', `/api/games/${game.id}/bank`, { token: game.token }));
  }));
  $('piggyback').addEventListener('click', () => act(async () => {
    receive(null, await api('POST', `/api/games/${game.id}/piggyback`, { token: game.token }));
  }));
  $('hint').addEventListener('click', () => act(hint));
  $('rematch').addEventListener('click', () => rematch().catch((err) => { $('status').textContent = err.message; }));
  // A click or a key shows the rest of the steps at once.
  document.addEventListener('click', skipSteps, true);
  document.addEventListener('keydown', (ev) => {
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && ev.key !== 'Tab' && ev.key !== 'Shift') skipSteps();
  }, true);
  showInvites();
  setupGuide();

  if (game.token) {
    try {
      const j = await api('POST', `/api/games/${game.id}/join`, { token: game.token });
      game.seat = j.seat;
      receive(null, j.state);
    } catch (err) {
      game.token = '';
      $('status').textContent = 'Your link is not valid for this game: watching.';
    }
  }
  connect();
}

// ------------------------------------------------------------ the rules

const PRESET_NAMES = { app: 'App', zilch: 'Zilch', facebook: 'Facebook', custom: 'Custom' };

function setupGuide() {
  const btn = $('rules-button');
  btn.addEventListener('click', () => toggleGuide());
  $('rules-close').addEventListener('click', () => toggleGuide(false));
  $('rules-panel').addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') toggleGuide(false);
  });
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
    $('rules-name').textContent = err.message;
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

function num(n) {
  return Number(n).toLocaleString('en');
}

function renderGuide() {
  const g = game.guide;
  const name = PRESET_NAMES[g.preset] || g.preset;
  const full = houseRulesOn(g) ? `${name} with house rules` : name;
  $('rules-name').textContent = `${full} · to ${num(g.target)}`;
  $('rules-heading').textContent = `Rules: ${full}`;
  const box = $('rules-body');
  box.replaceChildren();
  const list = el('ul', { class: 'rules-list' });
  const item = (text) => list.append(el('li', { text }));
  item(g.final_round
    ? `Reaching ${num(g.target)} starts the final round: everyone else has one last turn, and the highest score wins.`
    : (g.welfare ? `The first to hit ${num(g.target)} exactly wins.` : `The first to bank ${num(g.target)} wins at once.`));
  item('Roll, set aside at least one scoring die, then roll the rest or bank the turn total.');
  item('A roll with nothing to keep is a farkle: the turn total is lost.');
  if (g.min_bank) item(`A bank needs at least ${num(g.min_bank)} points in the turn.`);
  if (g.min_first_bank) item(`Your first bank, to get on the board, needs at least ${num(g.min_first_bank)}.`);
  if (!g.min_bank && !g.min_first_bank) item('Any turn total may be banked.');
  item(g.must_roll_hot_dice ? 'Hot dice: when every die scores, you must roll all six again.' : 'Hot dice: when every die scores, roll all six again, or bank.');
  if (g.bankrupt) item(`Bankrupt: ${g.penalty_after} farkles in a row cost your whole score.`);
  else if (g.penalty) item(`${g.penalty_after} farkles in a row cost ${num(g.penalty)} points.`);
  if (g.toxic_twos) item('Toxic twos: a roll with four or more 2s ends the turn with nothing.');
  if (g.six_ones_win) item('Six 1s in one roll win the game at once.');
  if (g.welfare) item(`Welfare: a bank past ${num(g.target)} scores nothing and goes to the player with the lowest score.`);
  if (g.piggyback) item(`Piggyback: after a bank with dice left, the next player may take over its turn total${g.piggyback_bonus ? ` plus ${num(g.piggyback_bonus)}` : ''} and roll those dice.`);
  box.append(list);

  const table = el('table', { class: 'guide' });
  table.append(el('caption', { text: 'Scoring' }));
  const head = el('tr');
  head.append(el('th', { scope: 'col', text: 'Combination' }), el('th', { scope: 'col', text: 'Dice' }), el('th', { scope: 'col', text: 'Points' }));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const c of g.combos) {
    const tr = el('tr');
    const dice = el('td', {}, miniDice(c.dice));
    if (c.any) dice.append(el('span', { class: 'muted', text: ' any faces' }));
    tr.append(el('th', { scope: 'row', text: c.name }), dice, el('td', { class: 'num', text: num(c.points) }));
    body.append(tr);
  }
  table.append(body);
  box.append(table);

  const grid = el('table', { class: 'guide of-a-kind' });
  grid.append(el('caption', { text: 'Equal dice' }));
  const gh = el('tr');
  gh.append(el('th', { scope: 'col', text: 'Face' }));
  for (const n of [3, 4, 5, 6]) gh.append(el('th', { scope: 'col', text: `${n} dice` }));
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
  const bonus = {
    fixed: 'Four, five and six equal dice score the same whatever the face.',
    add_triple: 'Each die beyond three adds the points of the three again.',
    double: 'Each die beyond three doubles the points.',
    none: 'Four or more equal dice score as three and single 1s or 5s; — cannot be kept together.',
  }[g.bonus];
  const notes = el('p', { class: 'muted', text: (bonus || '') + (g.split ? ' Equal dice may count as smaller combinations when that scores more.' : '') });
  box.append(notes);
}

// ------------------------------------------------------------ game over

// summary returns each player's turns, farkles and best bank, from the
// whole history.
function summary() {
  const s = game.state;
  const rows = s.players.map((p) => ({ name: p.name, score: p.score, turns: 0, farkles: 0, best: 0 }));
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
  const w = s.players[s.winner];
  $('over-heading').textContent = s.winner === game.seat ? `You won with ${num(w.score)}!` : `${w.name} won with ${num(w.score)}.`;
  const body = $('over-rows');
  body.replaceChildren();
  summary().forEach((r, i) => {
    const tr = el('tr', { class: i === s.winner ? 'winner' : '' });
    tr.append(el('th', { scope: 'row', class: 'name', text: r.name }),
      el('td', { class: 'num', text: num(r.score) }), el('td', { class: 'num', text: String(r.turns) }),
      el('td', { class: 'num', text: String(r.farkles) }), el('td', { class: 'num', text: num(r.best) }));
    body.append(tr);
  });
}

// rematch starts a new game of the same rules and seats, and opens the
// viewer's seat of it (the first seat for a watcher).
async function rematch() {
  const s = game.state;
  const seats = s.players.map((p) => ({ kind: p.kind, name: p.kind === 'human' ? p.name : '' }));
  const body = {
    rules: game.guide?.preset && game.guide.preset !== 'custom' ? game.guide.preset : s.rules,
    target: s.target, seats,
    low_straight: s.low_straight || 0, high_straight: s.high_straight || 0,
    toxic_twos: !!s.toxic_twos, six_ones_win: !!s.six_ones_win, welfare: !!s.welfare,
    bankrupt: !!s.bankrupt, piggyback: !!s.piggyback,
  };
  if (s.piggyback) body.piggyback_bonus = s.piggyback_bonus || 0;
  const mine = game.seat >= 0 ? game.seat : 0;
  const g = await api('POST', '/api/games', { body });
  const invites = g.seats.filter((x) => x.kind === 'human' && x.seat !== mine)
    .map((x) => ({ seat: x.seat, name: x.name, link: x.link }));
  sessionStorage.setItem('farkle:invites:' + g.id, JSON.stringify(invites));
  location.assign(g.seats[mine].link);
}

if (document.body.dataset.page === 'game') gamePage();
else home();
