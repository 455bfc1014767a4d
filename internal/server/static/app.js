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
  state: null,
  events: [],
  // sel holds the indices of the selected dice of the roll rollKey.
  sel: new Set(),
  rollKey: -2, // no roll rendered yet; -1 is "no dice on the table"
  busy: false,
  source: null,
};

function describeDice(dice) {
  return dice.join(' ');
}

function plural(n, one, many) {
  return n === 1 ? `${n} ${one}` : `${n} ${many}`;
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

function render() {
  const s = game.state;
  if (!s) return;
  const me = game.seat;
  const cur = s.players[s.current];

  // Status line.
  let status;
  if (s.over) {
    const w = s.players[s.winner];
    status = s.winner === me ? `Game over: you won with ${w.score}!` : `Game over: ${w.name} won with ${w.score}.`;
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
  $('selection').hidden = s.over;
  $('new-link').hidden = !s.over;
  $('turn-total').textContent = String(s.turn_total);
  $('dice-left').textContent = plural(s.dice.length || s.dice_left, 'die', 'dice');
  $('target').textContent = String(s.target);
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
  if (key !== game.rollKey) {
    game.rollKey = key;
    game.sel.clear();
    $('hint-panel').hidden = true;
    delete $('hint-best').dataset.dice;
    renderDice(true);
  } else {
    renderDice(false);
  }
  renderSelection();
  renderScores();
}

function renderDice(fresh) {
  const s = game.state;
  const box = $('dice');
  const mine = myTurn();
  if (fresh) {
    const hadFocus = box.contains(document.activeElement) || document.activeElement === $('roll') || document.activeElement === document.body;
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
    b.classList.toggle('locked', !can);
    b.setAttribute('aria-label', `Die ${i + 1}: ${s.dice[i]}${on ? ', kept' : ''}${can ? '' : ', cannot be kept'}`);
  });
}

function toggle(i) {
  if (!myTurn() || game.busy) return;
  if (game.sel.has(i)) game.sel.delete(i);
  else if (selectable(i)) game.sel.add(i);
  else return;
  renderDice(false);
  renderSelection();
}

function renderSelection() {
  const s = game.state;
  const mine = myTurn() && !game.busy;
  const keep = s.dice.length ? selectedKeep() : null;
  let text = '';
  if (s.dice.length && game.sel.size) {
    text = keep ? `Keeping ${describeDice(keep.dice)}: ${keep.points} points (${comboText(keep)}).` : `Selected ${describeDice(selectedDice())}: not a whole keep yet.`;
  } else if (s.dice.length && mine) {
    text = 'Select the dice to keep.';
  } else if (s.bank_note && mine) {
    text = s.bank_note;
  }
  $('selection').textContent = text;

  const roll = $('roll');
  const bank = $('bank');
  if (s.dice.length) {
    roll.disabled = !(mine && keep);
    const total = s.turn_total + (keep ? keep.points : 0);
    const mustRoll = keep && keep.hot_dice && s.must_roll_hot_dice;
    bank.disabled = !(mine && keep && total >= bankMinimum() && !mustRoll);
    roll.textContent = keep ? (keep.hot_dice ? 'Keep & roll 6 dice' : `Keep & roll ${plural(keep.dice_left, 'die', 'dice')}`) : 'Roll';
    bank.textContent = keep ? `Keep & bank ${total}` : 'Bank';
  } else {
    roll.disabled = !(mine && s.can_roll);
    bank.disabled = !(mine && s.can_bank);
    roll.textContent = `Roll ${plural(s.dice_left, 'die', 'dice')}`;
    bank.textContent = s.can_bank ? `Bank ${s.turn_total}` : 'Bank';
  }
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

// addEvents shows new events in the history and announces them.
function addEvents(evs) {
  if (!evs.length) return;
  const list = $('history');
  const known = new Set(game.events.map((e) => e.seq));
  const fresh = evs.filter((e) => !known.has(e.seq));
  if (!fresh.length) return;
  game.events.push(...fresh);
  for (const e of fresh) {
    const li = el('li', { class: 'ev ev-' + e.kind, text: e.text });
    list.prepend(li);
  }
  while (list.children.length > 60) list.lastChild.remove();
  // The banner shows the last farkle or hot dice of these events.
  const last = fresh[fresh.length - 1];
  const kinds = ['farkled', 'hot-dice', 'won', 'final-round', 'six-ones', 'bankrupt', 'overshot', 'welfare'];
  const special = [...fresh].reverse().find((e) => kinds.includes(e.kind));
  if (special) showBanner(special);
  else if (last.kind === 'rolled') $('banner').hidden = true;
  $('announce').textContent = fresh.slice(-4).map((e) => e.text).join('. ');
}

function showBanner(e) {
  const b = $('banner');
  const name = game.state?.players[e.player]?.name ?? `Player ${e.player + 1}`;
  b.className = 'banner banner-' + e.kind;
  b.replaceChildren();
  if (e.kind === 'farkled') {
    const rolled = [...game.events].reverse().find((x) => x.kind === 'rolled' && x.seq < e.seq && x.player === e.player);
    const toxic = game.events.some((x) => x.kind === 'toxic-twos' && x.seq === e.seq - 1);
    const lost = e.points ? ` and lost ${e.points} points` : '';
    if (toxic) b.append(el('strong', { text: 'Toxic twos! ' }), document.createTextNode(`${name} rolled four or more 2s${lost}.`));
    else b.append(el('strong', { text: 'Farkle! ' }), document.createTextNode(`${name} rolled nothing to keep${lost}.`));
    if (rolled) {
      const dice = el('span', { class: 'mini-dice', 'aria-label': 'The roll: ' + rolled.dice.join(' '), role: 'img' });
      for (const d of rolled.dice) dice.append(dieSVG(d));
      b.append(dice);
    }
  } else if (e.kind === 'hot-dice') {
    b.append(el('strong', { text: 'Hot dice! ' }), document.createTextNode(`${name} set aside every die: six dice to roll again.`));
  } else if (e.kind === 'final-round') {
    b.append(el('strong', { text: 'Final round! ' }), document.createTextNode(`${name} reached the target: everyone else has one last turn.`));
  } else if (e.kind === 'won' && game.events.some((x) => x.kind === 'six-ones' && x.seq === e.seq - 1)) {
    b.append(el('strong', { text: 'Six 1s! ' }), document.createTextNode(`${name} rolled six 1s and won at once.`));
  } else if (e.kind === 'won') {
    b.append(el('strong', { text: 'Game over. ' }), document.createTextNode(`${name} won.`));
  } else if (e.kind === 'bankrupt') {
    b.append(el('strong', { text: 'Bankrupt! ' }), document.createTextNode(`${name} lost every point: ${e.points}.`));
  } else if (e.kind === 'overshot') {
    b.append(el('strong', { text: 'Past the target! ' }), document.createTextNode(`${name}'s bank of ${e.points} scores nothing.`));
  } else if (e.kind === 'welfare') {
    b.append(el('strong', { text: 'Welfare! ' }), document.createTextNode(`${name} was given ${e.points} points.`));
  }
  b.hidden = false;
}

function applyState(st) {
  if (!st) return;
  if (game.state && st.num_events < game.state.num_events && st.id === game.state.id) return; // stale
  game.state = st;
  render();
}

async function act(fn) {
  if (game.busy) return;
  game.busy = true;
  document.body.dataset.busy = '1';
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
    applyState(await api('GET', `/api/games/${game.id}`, { token: game.token }));
  } catch (err) {
    $('status').textContent = err.message;
  }
}

async function keepIfSelected() {
  if (!game.state.dice.length) return;
  const keep = selectedKeep();
  if (!keep) throw new Error('Select a whole keep first.');
  applyState(await api('POST', `/api/games/${game.id}/keep`, { token: game.token, body: { dice: keep.dice } }));
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
  const since = game.events.length ? game.events[game.events.length - 1].seq + 1 : 0;
  const src = new EventSource(`/api/games/${game.id}/stream?since=${since}&lang=${encodeURIComponent(lang())}`);
  src.addEventListener('update', (ev) => {
    const msg = JSON.parse(ev.data);
    addEvents(msg.events);
    applyState(msg.state);
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
  setupLang(() => { connect(); refresh(); });

  $('roll').addEventListener('click', () => act(async () => {
    await keepIfSelected();
    applyState(await api('POST', `/api/games/${game.id}/roll`, { token: game.token }));
  }));
  $('bank').addEventListener('click', () => act(async () => {
    await keepIfSelected();
    applyState(await api('POST', `/api/games/${game.id}/bank`, { token: game.token }));
  }));
  $('piggyback').addEventListener('click', () => act(async () => {
    applyState(await api('POST', `/api/games/${game.id}/piggyback`, { token: game.token }));
  }));
  $('hint').addEventListener('click', () => act(hint));
  showInvites();

  if (game.token) {
    try {
      const j = await api('POST', `/api/games/${game.id}/join`, { token: game.token });
      game.seat = j.seat;
      applyState(j.state);
    } catch (err) {
      game.token = '';
      $('status').textContent = 'Your link is not valid for this game: watching.';
    }
  }
  connect();
}

if (document.body.dataset.page === 'game') gamePage();
else home();
