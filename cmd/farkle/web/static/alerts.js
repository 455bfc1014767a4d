// Your turn, even when you look away: the tab's title and icon, an
// optional sound and an optional notification when the turn comes; the
// presence of the other players; the service worker and the copy of each
// game kept for an offline visit. app.js calls in at a few places:
// setupAlerts (registerWorker on the home page) once, turnAlert after
// drawing a state, presenceMark for each player, setPresence with the
// stream's "presence" events, seatKey for the stream's URL, keepCopy and
// loadCopy for the offline copy.

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const SOUND_KEY = 'farkle:sound'; // '1': a chime on the player's turn
const NOTIFY_KEY = 'farkle:notify'; // '1': a notification on the player's turn, page hidden
const ICON = '/static/icon.svg';
const ICON_TURN = '/static/icon-turn.svg';

// ---------------------------------------------------------- turn alerts

const turn = { last: null, note: null, game: '' };

// turnAlert shows whose turn it is in the tab: the title (with the
// players' names as now written, after a rename too) and the icon; when
// the player's turn comes (not on the first state drawn), a chime if the
// player turned it on, and a notification if the page is hidden and the
// player turned them on.
export function turnAlert({ id, mine, names, watching }) {
  turn.game = id;
  const title = 'Farkle: ' + names.join(' vs ');
  document.title = mine ? t('my.yourTurn') + ' · ' + title : title;
  const icon = $('icon');
  if (icon) icon.href = mine ? ICON_TURN : ICON;
  document.body.dataset.turn = mine ? 'mine' : 'other';
  $('alerts-line').hidden = watching;
  if (turn.last === false && mine) {
    chime();
    showNote(names);
  }
  if (!mine) closeNote();
  turn.last = mine;
}

// ---------------------------------------------------------------- sound

let audio = null;
let interacted = false;

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === '1';
}

// chime plays two short tones made by WebAudio: never before the
// player's first click, tap or key on this page (a page should not start
// sounding by itself, and a browser may refuse it).
function chime(force = false) {
  if (!force && !soundOn()) return;
  if (!interacted) return; // this page's own: a browser may carry its "user activation" over a reload
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    audio ??= new AC();
    if (audio.state === 'suspended') audio.resume();
    const t0 = audio.currentTime + 0.02;
    for (const [freq, at] of [[660, 0], [880, 0.16]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.25, t0 + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + 0.32);
    }
  } catch {
    return; // no sound: nothing else depends on it
  }
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
}

// --------------------------------------------------------- notifications

function notesOn() {
  return 'Notification' in window && localStorage.getItem(NOTIFY_KEY) === '1' && Notification.permission === 'granted';
}

// showNote notifies the player of the turn, only while the page is
// hidden: a visible page says it itself.
function showNote(names) {
  if (!notesOn() || document.visibilityState !== 'hidden') return;
  const title = t('alert.notifyTitle');
  const opts = { body: t('alert.notifyBody', { names: names.join(', ') }), tag: 'farkle-turn-' + turn.game, icon: '/static/icon-192.png' };
  closeNote();
  try {
    const n = new Notification(title, opts);
    n.onclick = () => {
      window.focus();
      n.close();
    };
    turn.note = n;
  } catch {
    // A phone's browser makes notifications through the service worker only.
    navigator.serviceWorker?.ready.then((r) => r.showNotification(title, opts)).catch(() => {});
  }
}

function closeNote() {
  turn.note?.close();
  turn.note = null;
}

// ------------------------------------------------------------- controls

// drawControls draws the sound and notification toggles as they are.
function drawControls() {
  const s = $('sound-toggle');
  if (s) s.setAttribute('aria-pressed', String(soundOn()));
  const n = $('notify-toggle');
  if (!n) return;
  n.hidden = !('Notification' in window);
  if (n.hidden) return;
  n.setAttribute('aria-pressed', String(notesOn()));
  $('notify-note').textContent = Notification.permission === 'denied' ? t('alert.notifyBlocked') : '';
}

// setupAlerts wires the toggles of the game page: the sound (kept in
// localStorage), and the notifications, whose permission is asked for
// only when the player presses the button.
export function setupAlerts() {
  const mark = () => {
    interacted = true;
  };
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
  document.addEventListener('keydown', mark, { capture: true, once: true });
  $('sound-toggle').addEventListener('click', () => {
    interacted = true;
    const on = !soundOn();
    localStorage.setItem(SOUND_KEY, on ? '1' : '0');
    drawControls();
    if (on) chime(true); // what it sounds like
  });
  $('notify-toggle').addEventListener('click', async () => {
    if (notesOn()) {
      localStorage.setItem(NOTIFY_KEY, '0');
    } else {
      const p = await Notification.requestPermission(); // asked here only: the player pressed for it
      localStorage.setItem(NOTIFY_KEY, p === 'granted' ? '1' : '0');
    }
    drawControls();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') closeNote();
  });
  drawControls();
  registerWorker();
}

// relabel words the controls again in the page's language.
export function relabel() {
  drawControls();
  if (presence.rerender) presence.rerender();
}

// ------------------------------------------------------------- presence

const presence = { seats: null, offset: 0, rerender: null, timer: 0 };

// onPresence sets the function that draws the marks again.
export function onPresence(f) {
  presence.rerender = f;
}

// setPresence takes the data of a stream's "presence" event (null when
// the stream is lost: presence is then unknown, and not shown).
export function setPresence(p) {
  presence.seats = p?.seats || null;
  presence.offset = p ? Date.parse(p.now) - Date.now() : 0;
  clearInterval(presence.timer);
  // "Last seen 3 minutes ago" grows older without events.
  if (presence.seats) presence.timer = setInterval(() => presence.rerender?.(), 30000);
  presence.rerender?.();
}

// ago words how long ago the time at was, in the server's clock.
function ago(at) {
  const secs = Math.max(0, (Date.now() + presence.offset - Date.parse(at)) / 1000);
  if (secs < 45) return t('presence.moment');
  const rtf = new Intl.RelativeTimeFormat(document.documentElement.lang || 'en', { numeric: 'auto' });
  if (secs < 45 * 60) return rtf.format(-Math.max(1, Math.round(secs / 60)), 'minute');
  if (secs < 22 * 3600) return rtf.format(-Math.round(secs / 3600), 'hour');
  return rtf.format(-Math.round(secs / 86400), 'day');
}

// seatKey returns the key of a seat's token that a stream sends for the
// seat's presence: its SHA-256, in hex, as the server keeps it (a URL
// ends up in logs; the key makes no move). '' without the browser's
// crypto (a page not served over HTTPS, nor from this machine): the
// player is then not shown present.
export async function seatKey(tok) {
  if (!tok || !window.crypto?.subtle) return '';
  try {
    const h = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tok));
    return [...new Uint8Array(h)].map((b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return '';
  }
}

// presenceMark returns the mark of seat i, a human player other than
// the viewer: here now, last seen when, or not here yet; null for a bot,
// the viewer, or while presence is unknown.
export function presenceMark(i, kind, self) {
  const p = presence.seats?.[i];
  if (!p || kind !== 'human' || self) return null;
  const state = p.connected ? 'here' : p.last_seen ? 'away' : 'never';
  const text = p.connected ? t('presence.here') : p.last_seen ? t('presence.seen', { ago: ago(p.last_seen) }) : t('presence.never');
  const mark = document.createElement('span');
  mark.className = 'presence';
  mark.dataset.state = state;
  const dot = document.createElement('span');
  dot.className = 'dot';
  dot.setAttribute('aria-hidden', 'true');
  mark.append(dot, text);
  return mark;
}

// --------------------------------------------------------- offline copy

const COPIES = 'farkle-games';
const MAX_COPIES = 20;
const BIG_COPY = 5000;
const copy = { timer: 0, pending: null, written: '' };

// registerWorker registers the service worker (sw.js), on every page.
export function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(keepFiles)
    .catch(() => {}); // no offline copy: nothing else depends on it
}

// keepFiles keeps, for an offline visit, every static file that this
// page loaded before the service worker could see it (the first visit):
// the worker keeps those it fetches itself, and its own list at install.
async function keepFiles() {
  const files = performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/static/')).map((u) => u.pathname);
  const cache = await caches.open('farkle-shell'); // sw.js's SHELL
  await Promise.all([...new Set(files)].map(async (f) => {
    if (!(await cache.match(f))) await cache.add(f).catch(() => {});
  }));
}

// keepCopy keeps the state, events and rules of a game as drawn, for an
// offline visit (loadCopy): at most once a second, and at once when the
// page is hidden; a game of more than BIG_COPY events (whose copy takes
// a while to write) only when the page is hidden.
export function keepCopy(id, seat, state, events, guide) {
  if (!('caches' in window) || !state) return;
  const key = `${id}/${seat}/${state.num_events}/${!!guide}/${state.players.map((p) => p.name).join('/')}`;
  if (key === copy.written) return; // drawn again, unchanged
  copy.pending = { id, seat, state, events, guide, at: Date.now(), key };
  if (!copy.timer && events.length <= BIG_COPY) copy.timer = setTimeout(flushCopy, 1000);
}

async function flushCopy() {
  clearTimeout(copy.timer);
  copy.timer = 0;
  const c = copy.pending;
  copy.pending = null;
  if (!c) return;
  try {
    const cache = await caches.open(COPIES);
    // The events of the state: the page may have taken newer ones since.
    const events = c.events.filter((e) => e.seq < c.state.num_events);
    const body = JSON.stringify({ ...c, events });
    await cache.put('/offline/' + c.id, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    const keys = await cache.keys();
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_COPIES))) await cache.delete(k);
    copy.written = c.key;
    document.body.dataset.copy = String(c.state.num_events);
  } catch {
    // No room, or no cache: the offline visit shows no game.
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden' && copy.pending) flushCopy();
});
window.addEventListener('pagehide', () => {
  if (copy.pending) flushCopy();
});

// loadCopy returns the copy of game id kept by keepCopy, or null.
export async function loadCopy(id) {
  if (!('caches' in window)) return null;
  try {
    const res = await caches.match('/offline/' + id, { cacheName: COPIES });
    return res ? await res.json() : null;
  } catch {
    return null;
  }
}

// copyNotice words the notice of an offline copy kept at the time at.
export function copyNotice(at) {
  const time = new Intl.DateTimeFormat(document.documentElement.lang || 'en', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
  return t('offline.copy', { time });
}
