// Browser test of "farkle serve": builds the command, serves on a free
// loopback port, and plays a whole game against a bot in headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core) by
// clicking: the hint's best keep, banking at a threshold. It checks the
// page's scores against the server's state, the page in every language
// (no English word left), the seats' links, the keyboard, and an
// accessibility scan by axe-core; it fails on any console or page error.
// It holds the replay of whole games at every move (the page's debug
// hook) to check that the table agrees with the history, and checks
// every language at 320, 390, 768 and 1280 px, light and dark, for
// horizontal overflow. A few screenshots (phone and desktop, light and
// dark) go to e2e/screenshots/. E2E_ONLY=steps,layout runs those parts.
//
//	cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-package-lock && node test.mjs

import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES_EN } from '../web/static/i18n.js';
import { MESSAGES_CS, MESSAGES_FI, MESSAGES_NL } from '../web/static/messages.js';
import { botsTest } from './bots.mjs';
import { alertsTest } from './alerts.mjs';
import { rematchTest } from './rematch.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const shots = path.join(here, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TARGET = 1000;
const BANK_AT = 300;
const started = Date.now();

const errors = [];
// refusals is the number of requests that the test expects the server
// to refuse (a bad link, a bad name): the browser logs each as an error.
let refusals = 0;
const axeLog = [];
const axeSource = fs.readFileSync(path.join(here, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
let server;
let contexts = [];
const tmpDirs = [];

function mkTemp(prefix) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(d);
  return d;
}

// lap prints the time since the start, after a part of the test.
function lap(what) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);
}

function fail(msg) {
  throw new Error(msg);
}

// startServer builds farkle and starts "farkle serve" on a free port.
async function startServer() {
  const bin = path.join(mkTemp('farkle-e2e-bin-'), 'farkle');
  execFileSync('go', ['build', '-o', bin, '.'], { cwd: root, stdio: 'inherit' });
  const data = mkTemp('farkle-e2e-data-');
  // The test shares the machine with CI's long checks: the server does
  // not refuse moves for a busy CPU (its Go tests check that policy).
  server = spawn(bin, ['serve', '-addr', '127.0.0.1:0', '-data', data, '-max-cpu-wait', '-1s'], { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr.on('data', (b) => process.stderr.write('[serve] ' + b));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('farkle serve did not start: ' + out)), 15000);
    server.stdout.on('data', (b) => {
      out += b;
      const m = /playing at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`farkle serve exited with ${code}: ${out}`)));
  });
}

async function launch(options) {
  const ctx = await chromium.launchPersistentContext(mkTemp('farkle-e2e-profile-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
  contexts.push(ctx);
  return ctx;
}

function watch(page, label) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (refusals > 0 && /^Failed to load resource: (the server responded with a status of (40[039]|503)|net::ERR_)/.test(msg.text())) {
      refusals--;
      return;
    }
    errors.push(`${label} console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${label} page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // An event stream closed by navigation or the end of the test is no
    // error, nor a read of the home page's games cut short by leaving it.
    if (req.url().includes('/stream')) return;
    if (req.method() === 'GET' && req.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (refusals > 0) {
      refusals--; // dropped by the test
      return;
    }
    errors.push(`${label} request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
}

async function createGame(page, base, name, target = TARGET, rules = 'app') {
  await page.goto(base + '/');
  await page.fill('#name', name);
  await page.selectOption('#rules', rules);
  await page.fill('#target-input', String(target));
  await page.selectOption('#seat2', 'hard');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  return page.evaluate(() => document.body.dataset.gameId);
}

// waitReady waits until the player may act, or the game is over.
async function waitReady(page) {
  await page.waitForFunction(() => {
    const b = document.body;
    if (b.dataset.busy === '1') return false;
    return b.classList.contains('over') || !document.getElementById('roll').disabled || !document.getElementById('hint').disabled;
  }, null, { timeout: 60000 }); // a bot's long turn, paced, takes a while
  return page.evaluate(() => ({
    over: document.body.classList.contains('over'),
    dice: [...document.querySelectorAll('#dice .die')].map((d) => Number(d.dataset.face)),
    turnTotal: Number(document.getElementById('turn-total').textContent.replace(/\D/g, '')),
  }));
}

async function waitIdle(page) {
  await page.waitForFunction(() => document.body.dataset.busy !== '1', null, { timeout: 15000 });
}

// playMove makes one move: roll, or keep the hint's best keep and then
// roll or bank. It returns false once the game is over.
async function playMove(page, { tap = false, screenshot, bankAt = BANK_AT } = {}) {
  const st = await waitReady(page);
  if (st.over) return false;
  const click = (sel) => (tap ? page.tap(sel) : page.click(sel));
  if (st.dice.length === 0) {
    await click('#roll');
    await waitIdle(page);
    return true;
  }
  await click('#hint');
  await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
  await checkHintOrder(page);
  const best = await page.evaluate(() => document.getElementById('hint-best').dataset.dice.split(',').map(Number));
  // Select the best keep die by die, as a player would.
  for (const face of best) {
    await click(`#dice .die[data-face="${face}"][aria-pressed="false"]`);
  }
  const keepPoints = await page.evaluate(() => Number(document.getElementById('selection').dataset.points || -1));
  if (keepPoints < 0) fail('the selection of the best keep is not a keep: ' + best.join(' '));
  if (screenshot) await screenshot();
  const bank = st.turnTotal + keepPoints >= bankAt && !(await page.isDisabled('#bank'));
  await click(bank ? '#bank' : '#roll');
  await waitIdle(page);
  return { kept: bank ? 0 : best.length };
}

// recordSteps records, in the page, each step that the table shows (its
// kind, player and the dice on the table then), and checks that every
// farkle banner is still visible one second after it appears.
async function recordSteps(page) {
  await page.evaluate(() => {
    window.__steps = [];
    window.__farkles = [];
    const body = document.body;
    new MutationObserver(() => {
      window.__steps.push({ step: body.dataset.step, dice: document.querySelectorAll('#dice .die').length });
    }).observe(body, { attributes: true, attributeFilter: ['data-step'] });
    const seen = new Set();
    const banner = document.getElementById('banner');
    new MutationObserver(() => {
      for (const line of banner.querySelectorAll('.banner-line[data-kind="farkled"]')) {
        const seq = line.dataset.seq;
        if (seen.has(seq) || banner.hidden) continue;
        seen.add(seq);
        const f = { seq, text: line.textContent, later: null };
        window.__farkles.push(f);
        setTimeout(() => {
          const still = banner.querySelector(`.banner-line[data-seq="${seq}"]`);
          f.later = !banner.hidden && !!still && still.getBoundingClientRect().height > 0;
        }, 1000);
      }
    }).observe(banner, { childList: true, subtree: true, attributes: true });
  });
}

// checkSteps checks the recorded steps: each bank of the bot (player 1)
// came after the table showed its roll.
async function checkSteps(page) {
  const steps = await page.evaluate(() => window.__steps);
  let rolled = false;
  let banks = 0;
  for (const s of steps) {
    if (s.step === 'rolled:1' && s.dice > 0) rolled = true;
    if (s.step === 'banked:1') {
      if (!rolled) fail('the bot banked before the table showed its roll: ' + JSON.stringify(steps.slice(-12)));
      banks++;
      rolled = false;
    }
    if (s.step?.endsWith(':0')) rolled = false;
  }
  return banks;
}

// checkScores compares the page's scoreboard with the server's state.
async function checkScores(page, base, id) {
  const res = await fetch(`${base}/api/games/${id}`);
  if (!res.ok) fail(`GET state: ${res.status}`);
  const state = await res.json();
  await page.waitForFunction((n) => document.body.dataset.events === String(n), state.num_events, { timeout: 10000 });
  const shown = await page.evaluate(() => [...document.querySelectorAll('#scores tr')].map((tr) => ({
    name: tr.querySelector('.name').textContent,
    // 2,450 or 2 450; a minus sign may be U+2212.
    score: Number(tr.querySelector('.score').textContent.replace(/[\s,.]/g, '').replace('\u2212', '-')),
  })));
  const want = state.players.map((p) => ({ name: p.name, score: p.score }));
  if (JSON.stringify(shown) !== JSON.stringify(want)) {
    fail(`the page shows ${JSON.stringify(shown)}, the server ${JSON.stringify(want)}`);
  }
  return state;
}

// checkCheckboxes checks that each checkbox of the new-game form sits at
// the start of its label, at a checkbox's size, not as a full-width input
// on a line of its own.
async function checkCheckboxes(page, label) {
  await page.evaluate(() => { document.getElementById('house').open = true; });
  const boxes = await page.evaluate(() => [...document.querySelectorAll('.new-game input[type=checkbox]')].map((c) => {
    const l = c.closest('label');
    const b = c.getBoundingClientRect();
    const r = l.getBoundingClientRect();
    return { text: l.textContent.trim(), box: { x: b.x, y: b.y, w: b.width, h: b.height }, label: { x: r.x, y: r.y, h: r.height } };
  }));
  if (boxes.length !== 7) fail(`${label}: ${boxes.length} checkboxes of house rules, want 7`);
  for (const { text, box, label: l } of boxes) {
    if (box.w > 32 || box.h > 32 || box.x - l.x > 8 || box.y + box.h / 2 < l.y || box.y + box.h / 2 > l.y + l.h) {
      fail(`${label}: the checkbox of "${text}" is at ${JSON.stringify(box)} in its label at ${JSON.stringify(l)}`);
    }
  }
}

// openingMinimumForm creates a game with an opening minimum through the
// form's house rules, and checks that the server got it and that the page
// states it.
async function openingMinimumForm(page, base) {
  await page.goto(base + '/');
  await page.evaluate(() => { document.getElementById('house').open = true; });
  await page.fill('#name', 'Ona');
  await page.selectOption('#min-first-bank', '500');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  const id = await page.evaluate(() => document.body.dataset.gameId);
  const res = await fetch(`${base}/api/games/${id}`);
  if (!res.ok) fail(`opening minimum: GET state: ${res.status}`);
  const st = await res.json();
  if (st.min_first_bank !== 500) fail(`opening minimum: the state has min_first_bank ${JSON.stringify(st.min_first_bank)}, want 500`);
  await page.waitForFunction(() => document.querySelector('#house-rules')?.textContent.includes('a first bank of at least 500'));
}

// houseRulesGame creates a game with house rules through the form, checks
// that the server got them and that the page states them, and plays it to
// the end, taking over every bank that the page offers.
async function houseRulesGame(page, base) {
  await page.goto(base + '/');
  await checkCheckboxes(page, 'desktop');
  await page.fill('#name', 'Hal');
  await page.fill('#target-input', String(TARGET));
  await page.selectOption('#seat2', 'hard');
  await page.check('#low-on');
  await page.fill('#low-straight', '500');
  await page.check('#high-on');
  await page.fill('#high-straight', '750');
  await page.check('#toxic-twos');
  await page.check('#piggyback-rule');
  await page.fill('#piggyback-bonus', '500');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  const id = await page.evaluate(() => document.body.dataset.gameId);
  const get = async () => {
    const res = await fetch(`${base}/api/games/${id}`);
    if (!res.ok) fail(`GET state: ${res.status}`);
    return res.json();
  };
  const st = await get();
  const want = { low_straight: 500, high_straight: 750, toxic_twos: true, piggyback: true, piggyback_bonus: 500 };
  for (const [k, v] of Object.entries(want)) {
    if (st[k] !== v) fail(`house rules: the state has ${k} ${JSON.stringify(st[k])}, want ${JSON.stringify(v)}`);
  }
  for (const k of ['six_ones_win', 'welfare', 'bankrupt']) {
    if (k in st) fail(`house rules: the state has ${k}, which the form did not check`);
  }
  const text = await page.textContent('#house-rules');
  if (!(await page.isVisible('#house-rules')) || !text.includes('1-2-3-4-5 scores 500') || !text.includes('four 2s end the turn') ||
    !text.includes('piggyback with 500 more')) fail('the page states the house rules as: ' + text);
  if (await page.isVisible('#piggyback')) fail('a piggyback button on the first turn, with no bank to take over');
  let moves = 0;
  let taken = 0;
  for (;;) {
    const ready = await waitReady(page);
    if (ready.over) break;
    if (await page.isVisible('#piggyback')) {
      const offer = await get();
      if (!offer.offer_dice) fail('a piggyback button without an offer in the state');
      await page.click('#piggyback');
      await waitIdle(page);
      const after = await get();
      if (after.turn_total !== offer.offer_total || after.dice_left !== offer.offer_dice || after.offer_dice) {
        fail(`after piggyback: turn total ${after.turn_total}, ${after.dice_left} dice, offer ${after.offer_dice}; want ${offer.offer_total} and ${offer.offer_dice}`);
      }
      taken++;
    }
    if (!(await playMove(page))) break;
    if (++moves > 400) fail('the house-rules game did not end after 400 moves');
  }
  const end = await checkScores(page, base, id);
  if (!end.over) fail('the house-rules game is not over on the server');
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] house rules: ${moves} moves, ${taken} banks taken over; ${end.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
}

// checkHistory checks that the history holds every event, numbered from
// 1, a page at a time: the newest first, the oldest on the last page.
// The first page's Older and the next's Newer are clicked as a player
// would; the walk through every page clicks in the page, which is quicker.
async function checkHistory(page, numEvents) {
  const newest = await page.evaluate(() => document.querySelector('#history li')?.value);
  if (newest !== numEvents) fail(`the history's newest entry is ${newest}, the game has ${numEvents} events`);
  if (await page.isVisible('#history-pages')) {
    const first = await page.evaluate(() => document.querySelector('#history li').value);
    await page.click('#history-older');
    await page.click('#history-newer');
    const again = await page.evaluate(() => document.querySelector('#history li').value);
    if (again !== first) fail(`Older then Newer shows the history from ${again}, not ${first}`);
  }
  const seen = await page.evaluate(() => {
    const values = [];
    const older = document.getElementById('history-older');
    for (let i = 0; i < 10000; i++) {
      for (const li of document.querySelectorAll('#history li')) values.push(li.value);
      if (older.disabled || document.getElementById('history-pages').hidden) break;
      older.click();
    }
    const newer = document.getElementById('history-newer');
    while (!newer.disabled && !document.getElementById('history-pages').hidden) newer.click();
    return values;
  });
  const set = new Set(seen);
  if (set.size !== numEvents || seen.length !== numEvents || !set.has(1)) fail(`the history's pages show ${set.size} entries (${seen.length} lines) of ${numEvents}, from ${Math.min(...set)}`);
}

// axeScan runs axe-core on the page and fails on a serious or critical
// violation; every scan's findings go to the log.
async function axeScan(page, label) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
  });
  axeLog.push(`${label}: ${found.length ? found.map((v) => `${v.id} (${v.impact})`).join(', ') : 'no violation'}`);
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) fail(`axe-core on ${label}: ${JSON.stringify(bad, null, 1)}`);
}

// englishFragments returns the English words of the page's catalogue
// that must not be seen in the language lang: each message's text
// between its parameters, less the words that lang's message of the
// same key has too (names such as Zilch or Farkle!).
const CATALOGUES = { cs: MESSAGES_CS, fi: MESSAGES_FI, nl: MESSAGES_NL };
function englishFragments(lang) {
  const out = new Set();
  const all = JSON.stringify(CATALOGUES[lang]);
  for (const [key, msg] of Object.entries(MESSAGES_EN)) {
    const theirs = JSON.stringify(CATALOGUES[lang][key] ?? '');
    for (const form of typeof msg === 'string' ? [msg] : Object.values(msg)) {
      for (let part of form.split(/\{\w+\}/)) {
        part = part.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
        if (!/[A-Za-z]{3}/.test(part) || theirs.includes(part)) continue;
        // One word that the language has too (Dutch "die"): not English.
        if (!/\s/.test(part) && new RegExp(`(^|[^\\p{L}])${part}($|[^\\p{L}])`, 'u').test(all)) continue;
        out.add(part);
      }
    }
  }
  return [...out];
}

// checkLanguage switches the page to lang and checks that no English
// word of the catalogue is left in its visible text, labels and
// placeholders, the players' names aside, and that <html lang> is lang.
async function checkLanguage(page, lang, label, names = []) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => {
    const b = document.body;
    if (document.documentElement.lang !== l) return false;
    if (b.dataset.page === 'game' && b.dataset.lang !== l) return false;
    const rules = document.getElementById('rules-body');
    if (rules && rules.childElementCount && rules.dataset.lang !== l) return false;
    const hint = document.getElementById('hint-panel');
    if (hint && !hint.hidden && document.getElementById('hint-rows').dataset.lang !== l) return false;
    return b.dataset.playing !== '1';
  }, lang, { timeout: 10000 });
  let text = await page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!e.checkVisibility()) continue;
      for (const a of ['aria-label', 'placeholder', 'title']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
    }
    return parts.join('\n');
  });
  for (const n of names) text = text.split(n).join(' ');
  const left = englishFragments(lang).filter((f) => new RegExp(`(^|[^\\p{L}])${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));
  if (left.length) fail(`${label} in ${lang}: English left: ${JSON.stringify(left)}\n${text.slice(0, 3000)}`);
}

// seatsTest checks the seats' links in one browser: a bad link changes
// nothing, another seat's link asks before switching, the joining player
// names the seat (a name with a right-to-left override is refused in
// words), and both seats stay reachable.
async function seatsTest(page, base) {
  await page.goto(base + '/');
  await page.fill('#name', 'Ann');
  await page.fill('#target-input', String(TARGET));
  await page.selectOption('#seat2', 'hard');
  await page.selectOption('#seat3', 'human');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  const id = await page.evaluate(() => document.body.dataset.gameId);
  const you = () => page.evaluate(() => [...document.querySelectorAll('#scores tr')].findIndex((tr) => [...tr.querySelectorAll('.tag')].some((t) => t.textContent === 'you')));
  const stored = () => page.evaluate((k) => localStorage.getItem(k), 'farkle:seats:' + id);
  const own = await page.inputValue('#seat-links li.own input');
  const invite = await page.inputValue('#seat-links li:not(.own) input');
  if (!own.includes('#token=') || !invite.includes('#token=') || own === invite) fail(`the seats' links: ${own}, ${invite}`);
  const before = await stored();

  // Copy puts the link on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.click('#seat-links li.own .copy');
  await page.waitForFunction((w) => document.querySelector('#seat-links li.own .copy').textContent === w, MESSAGES_EN.copied);
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  if (clip !== own) fail(`Copy put ${clip} on the clipboard, not ${own}`);

  // A bad link changes nothing.
  refusals++;
  await page.goto(`${base}/g/${id}#token=badbadbadbad`);
  await page.waitForFunction((w) => document.getElementById('notice').textContent === w, MESSAGES_EN['link.bad']);
  if (await you() !== 0) fail('a bad link changed the seat');
  if (await stored() !== before) fail(`a bad link changed the stored seats: ${await stored()}`);

  // Another seat's link: the page asks; staying changes nothing.
  await page.goto(invite);
  await page.waitForSelector('#switch-dialog[open]');
  await axeScan(page, 'the prompt to switch seats');
  await page.click('#switch-stay');
  await page.waitForFunction(() => !document.getElementById('switch-dialog').open);
  if (await you() !== 0 || new URL(page.url()).hash) fail('staying in the seat changed it, or left the token in the address');

  // Switching: the joining player names the seat.
  await page.goto(invite);
  await page.waitForSelector('#switch-dialog[open]');
  await page.click('#switch-ok');
  await page.waitForSelector('#name-dialog[open]');
  refusals++;
  await page.fill('#name-input', 'Eve\u202e');
  await page.click('#name-ok');
  await page.waitForFunction((w) => document.getElementById('name-error').textContent === w, MESSAGES_EN['err.name']);
  await axeScan(page, 'the name of a joining player');
  const emoji = '👨‍👩‍👧 Eve';
  await page.fill('#name-input', emoji);
  await page.click('#name-ok');
  await page.waitForFunction(() => !document.getElementById('name-dialog').open);
  await page.waitForFunction((n) => document.querySelector('#scores tr[data-seat="2"] .name')?.textContent === n, emoji);
  if (await you() !== 2) fail('after switching, the page plays seat ' + await you());
  const st = await (await fetch(`${base}/api/games/${id}`)).json();
  if (st.players[2].name !== emoji) fail('the server has the name ' + st.players[2].name);

  // Both seats stay reachable: their links, and a button back.
  const links = await page.evaluate(() => [...document.querySelectorAll('#seat-links input')].map((i) => i.value));
  if (!links.includes(own) || !links.includes(invite)) fail('a seat link is gone after switching: ' + links.join(' '));
  await page.click('#seat-links .play-as');
  await page.waitForFunction(() => document.querySelector('#scores tr[data-seat="0"] .tag')?.textContent === 'you');
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#scores tr[data-seat="0"] .tag')?.textContent === 'you');
  const after = JSON.parse(await stored());
  if (after.current !== 0 || after.mine.length !== 2) fail('the stored seats after switching back: ' + JSON.stringify(after));
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ` + 'seats: a bad link changed nothing; another seat\'s link asked; both seats kept');
}

// checkHintOrder checks that the open hint is sorted by the chance to win
// when it shows one (once the server has solved the game), else by the
// expected score, and counts the hints sorted by chance.
let hintsByChance = 0;
async function checkHintOrder(page) {
  const h = await page.evaluate(() => {
    const chance = !document.getElementById('chance-col').hidden;
    const rows = [...document.querySelectorAll('#hint-rows tr')].map((tr) => [...tr.querySelectorAll('td.num')].map((td) => td.textContent));
    return { chance, rows };
  });
  // Digits only: 1,000 and 1 000 alike, and a chance always has one
  // decimal. The cells of class num: points, chance, expected; or
  // points, expected.
  const values = h.rows.map((r) => Number(r[1].replace(/\D/g, '')));
  for (let i = 1; i < values.length; i++) {
    if (values[i] > values[i - 1]) fail(`the hint is not sorted by ${h.chance ? 'chance to win' : 'expected score'}: ${JSON.stringify(h.rows)}`);
  }
  if (h.chance) hintsByChance++;
}

// apiClient returns a function that calls the API of base from the
// loopback address from (not the browser's 127.0.0.1, so that the
// server's rate limit of a client, a token bucket by address, counts
// these requests apart from the page's), paced to 18 requests a second,
// under the limit, and waiting when refused with 429.
function apiClient(base, from) {
  const { hostname, port } = new URL(base);
  let last = 0;
  const once = (method, url, token, body) => new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: hostname, port, path: url, method, localAddress: from,
      headers: { ...(data ? { 'Content-Type': 'application/json' } : {}), ...(token ? { 'X-Farkle-Token': token } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
  return async (method, url, token, body) => {
    let tries = 0;
    for (;;) {
      const wait = last + 55 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      last = Date.now();
      const res = await once(method, url, token, body);
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      if (res.status === 503 && tries++ < 30) { // overloaded: not made; again after its Retry-After
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (res.status < 200 || res.status > 299) fail(`${method} ${url}: ${res.status} ${res.text}`);
      return JSON.parse(res.text);
    }
  };
}

// LONG_EVENTS is the length of the long game: more than a page of a
// stream's catch-up (2,000 events), and enough more that the pages after
// the first, paced as live steps, would take a minute.
const LONG_EVENTS = 2100;

// LONG_NAME is the name of the long game's human: Hebrew, written right
// to left, and a digit.
const LONG_NAME = 'דנה 2';

// makeLongGame plays a game through the API, from another loopback
// address, to LONG_EVENTS events: seven threshold bots and one human,
// who banks as soon as the rules allow, so that each of the human's
// moves brings the bots' turns. It runs while the browser plays the
// other games, and returns the game's id, the human's seat and token and
// the number of events.
async function makeLongGame(base) {
  const call = apiClient(base, '127.0.0.2');
  const seats = Array.from({ length: 7 }, () => ({ kind: 'threshold' })).concat([{ kind: 'human', name: LONG_NAME }]);
  const g = await call('POST', '/api/games', '', { rules: 'app', target: 1000000, seats });
  const seat = 7;
  const tok = g.seats[seat].token;
  const u = `/api/games/${g.id}`;
  let st = g.state;
  let requests = 1;
  while (st.num_events < LONG_EVENTS || st.current !== seat || st.dice.length) {
    if (st.dice.length) st = await call('POST', u + '/keep', tok, { dice: st.keeps[st.keeps.length - 1].dice });
    else if (st.can_bank) st = await call('POST', u + '/bank', tok);
    else st = await call('POST', u + '/roll', tok);
    if (++requests > 1000) fail(`the long game has ${st.num_events} events after 1,000 requests`);
  }
  return { id: g.id, seat, token: tok, numEvents: st.num_events, requests };
}

// longHistoryTest opens the long game in the human's seat: its whole
// history is there within seconds, added at once and not shown as steps
// one by one (the stream sends it in pages of 2,000), Roll works, and
// every page of the history is there. The page must not have reduced
// motion, under which steps are instant anyway.
async function longHistoryTest(page, base, long) {
  await page.goto(base + '/');
  await page.evaluate(({ id, seat, token }) => {
    localStorage.setItem('farkle:seats:' + id, JSON.stringify({ tokens: { [seat]: token }, mine: [seat], current: seat }));
  }, long);
  const t0 = Date.now();
  await page.goto(`${base}/g/${long.id}`);
  await page.waitForFunction((n) => document.body.dataset.events === String(n) && !document.getElementById('roll').disabled, long.numEvents, { timeout: 8000 })
    .catch(async () => fail(`a game of ${long.numEvents} events is not playable 8 s after opening it: ` + JSON.stringify(await page.evaluate(() => ({
      events: document.body.dataset.events, playing: document.body.dataset.playing, status: document.getElementById('status').textContent,
      history: document.getElementById('history-range').textContent,
    })))));
  const secs = (Date.now() - t0) / 1000;
  const seen = await page.evaluate(() => ({ playing: document.body.dataset.playing, announce: document.getElementById('announce').textContent }));
  if (seen.playing === '1' || seen.announce) fail('the history of a game opened was shown as steps: ' + JSON.stringify(seen));
  const range = await page.textContent('#history-range');
  // The numbers of the history fit in its margin, bold ones too.
  const fit = await page.evaluate(() => {
    const list = document.getElementById('history');
    const li = list.querySelector('li');
    const probe = document.createElement('span');
    probe.textContent = li.value + '.';
    probe.style.font = getComputedStyle(li).font;
    probe.style.fontWeight = '700';
    probe.style.position = 'absolute';
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return { number: li.value, width: Math.ceil(width), margin: parseFloat(getComputedStyle(list).paddingLeft) };
  });
  if (fit.width > fit.margin) fail('the history number is wider than its margin: ' + JSON.stringify(fit));
  await checkHistory(page, long.numEvents);
  // After the history, moves are live again.
  await page.click('#roll');
  await page.waitForFunction((n) => Number(document.querySelector('#history li')?.value) > n, long.numEvents, { timeout: 10000 });
  await checkIsolation(page);
  lap(`long history: ${long.numEvents} events (made in ${long.requests} requests) playable ${secs.toFixed(1)} s after opening, in pages (${range})`);
}

// connectionTest checks, on the game of the page at the start of a turn,
// that the page says when it is offline and sends no move then, and that
// a roll whose answer is lost is sent again and made once: the server
// refuses the second as stale, and the page says what happened.
async function connectionTest(page, base) {
  const id = await page.evaluate(() => document.body.dataset.gameId);
  await waitReady(page);
  if (await page.isDisabled('#roll')) fail('the connection test needs a turn that may roll');
  // The game's number of events from its state: GET /events answers a
  // page (500 by default), which could not count a longer game.
  const numEvents = async () => (await (await fetch(`${base}/api/games/${id}`)).json()).num_events;
  const ctx = page.context();
  await ctx.setOffline(true);
  await page.waitForFunction(() => document.body.dataset.conn === 'offline');
  const n0 = await numEvents();
  await page.evaluate(() => document.activeElement?.blur());
  // Offline, Roll is off with the reason under it, and its key sends nothing.
  await page.waitForFunction((w) => document.getElementById('roll').disabled && document.getElementById('why').textContent === w, MESSAGES_EN['why.offline']);
  await page.keyboard.press('r');
  if (await numEvents() !== n0) fail('a move was sent offline');
  const conn = await page.textContent('#conn');
  if (conn !== MESSAGES_EN['conn.offline']) fail('offline, the connection says ' + conn);
  await ctx.setOffline(false);
  await page.waitForFunction(() => document.body.dataset.conn === 'connected', null, { timeout: 15000 });
  if (await page.isVisible('#notice')) fail('connected again, the page still says: ' + await page.textContent('#notice'));

  // The first answer to the roll is lost, after the server made it.
  let dropped = 0;
  await page.route('**/api/games/*/roll*', async (route) => {
    if (dropped++ === 0) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  refusals += 3; // the lost answer: a failed request and its console line; the stale refusal
  const seat = await page.evaluate(() => [...document.querySelectorAll('#scores tr')].findIndex((tr) => tr.querySelector('.tag')?.textContent === 'you'));
  await page.keyboard.press('r');
  await page.waitForFunction((w) => document.getElementById('notice').textContent === w, MESSAGES_EN['err.staleRetry'], { timeout: 15000 });
  await page.unroute('**/api/games/*/roll*');
  const after = await eventsSince(base, id, n0);
  const rolls = after.filter((e) => e.kind === 'rolled' && e.player === seat).length;
  if (dropped !== 2 || rolls !== 1) fail(`a roll whose answer was lost: sent ${dropped} times, made ${rolls} times: ${JSON.stringify(after.slice(0, 4))}`);
  refusals = 0;
  await checkScores(page, base, id); // the page shows the game as the server has it
  lap('connection: offline said, a lost answer sent again and made once');
}

// checkIsolation checks, on the page of the long game played as
// LONG_NAME, that the name is a bidirectional isolate (FSI ... PDI) in
// the page's sentences, and that a sentence with the name before a number
// shows the number after the name, not moved before it by the name's
// direction.
async function checkIsolation(page) {
  const name = LONG_NAME;
  const inSentence = '\u2068' + name + '\u2069';
  const shown = await page.evaluate(() => ({ me: document.getElementById('seat-me').textContent, newest: document.querySelector('#history li').textContent }));
  if (shown.me !== MESSAGES_EN['seats.you'].replace('{name}', inSentence)) fail('the seat of a right-to-left name says ' + JSON.stringify(shown.me));
  if (!shown.newest.startsWith(inSentence + ' rolled ')) fail('the history of a right-to-left name says ' + JSON.stringify(shown.newest));
  const r = await page.evaluate(async (name) => {
    const { t } = await import('/static/i18n.js');
    const p = document.createElement('p');
    p.style.whiteSpace = 'nowrap';
    p.textContent = t('b.overshotText', { name, points: 300 });
    document.getElementById('main').append(p);
    const text = p.firstChild;
    const box = (word) => {
      const at = text.data.indexOf(word);
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const b = range.getBoundingClientRect();
      return [Math.round(b.left), Math.round(b.right)];
    };
    const out = { lang: document.documentElement.lang, text: text.data, name: box(name), points: box('300'), after: box('scores') };
    p.remove();
    return out;
  }, name);
  if (r.lang !== 'en' || !(r.points[0] >= r.name[1] && r.after[0] >= r.points[1])) fail('a right-to-left name moves the words around it: ' + JSON.stringify(r));
}

// prepareMove makes the page ready to send a move by a click on Roll: it
// selects the hint's best keep when dice are on the table. It returns
// the action that the click sends first (keep, or roll).
async function prepareMove(page) {
  const st = await waitReady(page);
  if (st.over) fail('the game ended before the refusals could be checked');
  if (!st.dice.length) return 'roll';
  if (await page.isHidden('#hint-panel')) await page.click('#hint');
  await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
  await page.click('#hint-rows tr.best button');
  return 'keep';
}

// refusalsTest checks what the page does with the refusals of a move
// that it cannot help: overloaded (503 with Retry-After), sent again once
// after the wait and made; overloaded twice, said, and not made; and
// game_too_long, said, with the state's too_long: the moves disabled.
// The server's answers are replaced by the test's (page.route).
async function refusalsTest(page, base) {
  const id = await createGame(page, base, 'Oli', 10000);
  const numEvents = async () => (await (await fetch(`${base}/api/games/${id}`)).json()).num_events;
  const isMove = (url) => /^\/api\/games\/[0-9a-f]+\/(roll|keep|bank)$/.test(url.pathname);
  const busy = { status: 503, contentType: 'application/json', headers: { 'Retry-After': '1' }, body: JSON.stringify({ error: { code: 'overloaded', message: 'the server is overloaded (the disk is behind): try again in 1 s' } }) };

  // Overloaded once: the move is sent again after Retry-After, and made.
  let sent = [];
  await page.route(isMove, async (route) => {
    sent.push(Date.now());
    if (sent.length === 1) await route.fulfill(busy);
    else await route.continue();
  });
  refusals += 2; // the 503 in the console, maybe twice
  let n0 = await numEvents();
  let action = await prepareMove(page);
  await page.click('#roll');
  await page.waitForFunction((w) => document.getElementById('notice').textContent === w, MESSAGES_EN['err.overloadedRetry']);
  await page.waitForFunction(() => document.body.dataset.busy === '0' && document.getElementById('notice').hidden, null, { timeout: 10000 });
  if (sent.length < 2 || sent[1] - sent[0] < 950) fail(`a move refused as overloaded was sent ${sent.length} times, again after ${sent[1] - sent[0]} ms, not after Retry-After`);
  let made = await eventsSince(base, id, n0);
  if (!made.some((e) => e.kind === (action === 'keep' ? 'kept' : 'rolled') && e.player === 0)) fail(`the ${action} sent again after overloaded was not made: ${JSON.stringify(made.slice(0, 4))}`);
  await page.unroute(isMove);

  // Overloaded twice: said, and not made.
  sent = [];
  await page.route(isMove, async (route) => {
    sent.push(Date.now());
    await route.fulfill(busy);
  });
  refusals += 2;
  n0 = await numEvents();
  action = await prepareMove(page);
  await page.click('#roll');
  await page.waitForFunction((w) => document.getElementById('notice').textContent === w, MESSAGES_EN['err.overloadedAgain'], { timeout: 10000 });
  if (sent.length !== 2) fail(`a move refused as overloaded twice was sent ${sent.length} times`);
  if (await numEvents() !== n0) fail('a move refused as overloaded twice was made');
  await page.unroute(isMove);
  refusals = 0;

  // The game at its limit of events: the move is refused, and the state
  // says too_long.
  await page.route(isMove, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'game_too_long', message: 'the game has reached the limit of 200000 events: it takes no more moves' } }) }));
  const isState = (url) => url.pathname === `/api/games/${id}`;
  await page.route(isState, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), too_long: true } });
  });
  refusals += 2;
  await prepareMove(page);
  await page.click('#roll');
  await page.waitForFunction((w) => document.getElementById('status').textContent === w, MESSAGES_EN['status.tooLong'], { timeout: 10000 });
  const shown = await page.evaluate(() => ({
    notice: document.getElementById('notice').textContent, why: document.getElementById('why').textContent,
    enabled: ['roll', 'bank', 'hint'].filter((b) => !document.getElementById(b).disabled),
    dice: document.querySelectorAll('#dice .die[aria-disabled="false"]').length,
  }));
  if (shown.notice !== MESSAGES_EN['err.game_too_long'] || shown.why !== MESSAGES_EN['why.tooLong'] || shown.enabled.length || shown.dice) {
    fail('a game at its limit of events shows ' + JSON.stringify(shown));
  }
  await page.unroute(isMove);
  await page.unroute(isState);
  refusals = 0;
  lap('refusals: overloaded sent again once after Retry-After, said when it stays; too_long said and the moves disabled');
}

// namesTest checks that the page words the server's default names
// ("Player 2" of the second seat) in its language, and no name that a
// player chose: "Player 3" in the first seat, "Bot" and "Bot 1".
async function namesTest(page, base) {
  const call = apiClient(base, '127.0.0.3');
  const g = await call('POST', '/api/games', '', { rules: 'app', seats: [{ kind: 'human', name: 'Player 3' }, { kind: 'human' }, { kind: 'threshold', name: 'Bot' }, { kind: 'threshold', name: 'Bot 1' }] });
  await page.goto(`${base}/g/${g.id}`);
  // A change of language fetches the state and the rules again: each
  // switch waits for both, so that no request is cut by what comes next.
  const switchTo = async (lang) => {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.body.dataset.lang === l && document.getElementById('rules-body').dataset.lang === l, lang);
  };
  await page.waitForFunction(() => document.body.dataset.lang === 'en' && document.getElementById('rules-body').dataset.lang === 'en');
  await switchTo('cs');
  const names = await page.evaluate(() => [...document.querySelectorAll('#scores .name')].map((n) => n.textContent));
  await switchTo('en');
  const want = ['Player 3', MESSAGES_CS['player.n'].replace('{n}', '2'), 'Bot', 'Bot 1'];
  if (JSON.stringify(names) !== JSON.stringify(want)) fail(`the names in Czech are ${JSON.stringify(names)}, want ${JSON.stringify(want)}`);
}

// eventsSince returns the events of game id from since on, every page.
async function eventsSince(base, id, since) {
  const out = [];
  for (let more = true; more;) {
    const r = await (await fetch(`${base}/api/games/${id}/events?since=${since}`)).json();
    out.push(...r.events);
    since = r.next;
    more = r.more;
  }
  return out;
}

// seatChancesTest checks the hint's every player's chance at 390 px: a
// three-player game from the form (two expected-score bots) whose advice
// the test gives "seat_chances" and "win_chance", as farkle serve does
// once it solved the game's table. (No game that the form or the API
// makes has them from the server yet: the solved rules have no final
// round, and every preset has one.) Each row lists one chance per
// player, in seat order with the scores' names, summing to 100%; no
// English is left in the other languages, no overflow, axe-core passes;
// screenshots light and dark.
async function seatChancesTest(base) {
  const ctx = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
  const page = ctx.pages()[0] || await ctx.newPage();
  watch(page, 'seat chances');
  await page.route(/\/api\/games\/[^/]+\/advice(\?|$)/, async (route) => {
    const res = await route.fetch();
    const a = await res.json();
    a.choices.forEach((c, i) => {
      const p = Math.max(0.05, 0.5 - 0.04 * i);
      c.win_chance = p;
      c.seat_chances = [p, (1 - p) * 0.6, (1 - p) * 0.4];
    });
    if (a.choices.length) {
      a.win_chance = true;
      a.best = a.choices[0];
    }
    await route.fulfill({ response: res, json: a });
  });
  await page.goto(base + '/');
  await page.fill('#name', 'Ann');
  await page.fill('#target-input', String(TARGET));
  await page.selectOption('#seat2', 'hard');
  await page.selectOption('#seat3', 'hard');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  const id = await page.evaluate(() => document.body.dataset.gameId);
  const state = await (await fetch(`${base}/api/games/${id}`)).json();
  if (state.players.length !== 3) fail(`a game of ${state.players.length} players, want 3`);
  // Roll until dice are on the table on the player's turn, then open the hint.
  let checked = false;
  for (let i = 0; i < 40 && !checked; i++) {
    const st = await waitReady(page);
    if (st.over) break;
    if (st.dice.length === 0) {
      await page.tap('#roll');
      await waitIdle(page);
      continue;
    }
    await page.tap('#hint');
    await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
    checked = true;
    const h = await page.evaluate(() => ({
      col: !document.getElementById('seats-col').hidden,
      names: [...document.querySelectorAll('#scores .name')].map((n) => n.textContent),
      rows: [...document.querySelectorAll('#hint-rows tr')].map((tr) => [...tr.querySelectorAll('.seat-chances li')].map((li) => ({
        text: li.textContent, who: li.querySelector('.who').textContent, pct: li.querySelector('.pct').textContent, mover: li.classList.contains('mover'),
      }))),
    }));
    if (!h.col || !h.rows.length) fail('the hint shows no column of every player\'s chance: ' + JSON.stringify(h));
    for (const r of h.rows) {
      if (r.length !== 3) fail(`a row of the hint has ${r.length} seat chances, want 3: ${JSON.stringify(r)}`);
      if (JSON.stringify(r.map((x) => x.who)) !== JSON.stringify(h.names)) fail(`the seat chances name ${JSON.stringify(r.map((x) => x.who))}, the scores ${JSON.stringify(h.names)}`);
      if (!r[0].mover || r[1].mover || r[2].mover) fail('the mover (seat 1) is not the one marked: ' + JSON.stringify(r));
      if (r.some((x) => x.text !== `${x.who} ${x.pct}`)) fail('a seat chance does not read "name chance": ' + JSON.stringify(r));
      const sum = r.reduce((t, x) => t + Number(x.pct.replace(/[^\d.]/g, '')), 0);
      if (Math.abs(sum - 100) > 0.2) fail(`the seat chances sum to ${sum}%: ${JSON.stringify(r)}`);
    }
    const over = await page.evaluate(() => document.documentElement.scrollWidth - 390);
    if (over > 0) fail(`the hint with every player's chance overflows the phone by ${over} px`);
    await axeScan(page, 'the hint with every player\'s chance');
    await page.evaluate(() => document.getElementById('hint-panel').scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'phone-seat-chances.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    for (const lang of ['cs', 'fi', 'nl']) await checkLanguage(page, lang, 'the hint with every player\'s chance', state.players.map((p) => p.name));
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.body.dataset.lang === 'en' && document.getElementById('hint-rows').dataset.lang === 'en');
  }
  if (!checked) fail('no hint in 40 moves of the three-player game');
  await ctx.close();
}

// ------------------------------------------------------------ the steps

// nameShown returns the name of player i of state st as the page shows
// it in English: a default name "Player 2" as the catalogue words it.
function nameShown(st, i) {
  const n = st.players[i].name;
  return n === `Player ${i + 1}` ? MESSAGES_EN['player.n'].replace('{n}', String(i + 1)) : n;
}

// SCORE_DELTA is how each kind of event changes its player's score, by
// its points: the test's own account of the scores, checked against
// each event's score and against the page's table.
const SCORE_DELTA = { banked: 1, penalty: -1, bankrupt: -1, welfare: 1 };

// stepsTest plays whole games of Zilch (a minimum bank, penalties, a
// final round) with piggyback, against the expected-score bot and a
// second person, played by the test through the API (seat 3, the form's
// invite): it farkles every turn in one game (penalties) and banks at once in the next (offers to take over). The page
// holds every move it shows (window.__farkle, the debug hook), and at
// each the test checks that the table agrees with the history: the
// scores, the ▶ marker, the heading and status, the turn total, the
// dice, the buttons (off, plain, no piggyback) and the banner. It also
// takes each piggyback offered, checking that the status and the reason
// say what it is, and selects the hint's choice, whose move must be the
// main button.
async function stepsTest(base) {
  const ctx = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await ctx.addInitScript(() => localStorage.setItem('farkle:debug', '1'));
  const page = ctx.pages()[0] || await ctx.newPage();
  watch(page, 'steps');
  const seen = {};
  const counts = { steps: 0, pig: 0, hintBank: 0, hintRoll: 0 };
  const ids = [];
  // Random games: most runs see every kind of move in two; a piggyback
  // is offered only in the odd ones, when the other person banks.
  for (let g = 0; g < 12; g++) {
    const id = await stepsGame(page, base, seen, counts, g);
    ids.push(id);
    const missing = ['penalty', 'piggybacked', 'final-round', 'won', 'rolled:1', 'rolled:2', 'banked:1', 'banked:0'].filter((k) => !seen[k]);
    if (!missing.length && counts.pig && counts.hintBank) break;
    if (g === 11) fail(`twelve games of steps without ${missing.join(', ')} (piggybacks taken ${counts.pig}, hint banks ${counts.hintBank}): ${JSON.stringify(seen)}`);
  }
  lap(`steps: ${counts.steps} moves held and checked in ${ids.length} games (${Object.entries(seen).map(([k, v]) => `${k} ${v}`).join(', ')}); ${counts.pig} piggybacks taken; hint's choice the main button ${counts.hintBank} times banking, ${counts.hintRoll} rolling`);

  // The home page lists the games of this browser; finished ones hide.
  await page.goto(base + '/');
  await page.waitForSelector('#my-games[data-ready="1"]');
  const listed = await page.evaluate(() => [...document.querySelectorAll('#my-list li')].map((li) => ({ id: li.dataset.id, text: li.textContent, hidden: li.hidden })));
  for (const id of ids) {
    const li = listed.find((x) => x.id === id);
    if (!li || !li.text.startsWith('Over:') || !li.text.includes('Sam')) fail(`the home page lists the game ${id} as ${JSON.stringify(li)}: ${JSON.stringify(listed)}`);
  }
  await page.check('#hide-over');
  if (await page.isVisible('#my-list li.over')) fail('a finished game is shown with "Hide finished games" checked');
  if (!(await page.isVisible('#my-none'))) fail('no game shown, and no word of it');
  await page.uncheck('#hide-over');
  await ctx.close();
}

// stepsGame plays one game of stepsTest and returns its id.
async function stepsGame(page, base, seen, counts, g) {
  await page.goto(base + '/');
  await page.fill('#name', 'Sam');
  await page.selectOption('#rules', 'zilch');
  await page.fill('#target-input', '2000');
  await page.selectOption('#seat2', 'hard');
  await page.selectOption('#seat3', 'human');
  await page.click('#house summary');
  await page.check('#piggyback-rule');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await page.waitForFunction(() => window.__farkle?.phase() === 'mine');
  const id = await page.evaluate(() => document.body.dataset.gameId);
  const tok = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).tokens[2], 'farkle:seats:' + id);
  await page.evaluate(() => window.__farkle.hold(true));
  // The test's requests come from another address, paced: the server's
  // rate limit counts them apart from the page's.
  const call = apiClient(base, '127.0.0.4');
  const get = () => call('GET', `/api/games/${id}`);
  const post = (action, body) => call('POST', `/api/games/${id}/${action}`, tok, body);
  const st0 = await get();
  const names = st0.players.map((_, i) => nameShown(st0, i));
  const model = st0.players.map(() => 0);
  let events = [];
  let lastRoll = [];
  for (let guard = 0; ; guard++) {
    if (guard > 20000) fail('the game of steps does not end');
    const r = await page.evaluate((from) => {
      const f = window.__farkle;
      const phase = f.phase();
      if (phase !== 'step') return { phase };
      const q = (s) => document.querySelector(s);
      const banner = q('#banner');
      const lines = [...banner.querySelectorAll('.banner-line')];
      return {
        phase, fresh: f.events(from),
        scores: [...document.querySelectorAll('#scores tr')].map((tr) => Number(tr.querySelector('.score').textContent.replace(/[\s,.]/g, '').replace('\u2212', '-'))),
        marker: [...document.querySelectorAll('#scores tr')].findIndex((tr) => tr.getAttribute('aria-current') === 'true'),
        heading: q('#turn-heading').textContent, status: q('#status').textContent,
        total: Number(q('#turn-total').textContent.replace(/\D/g, '')),
        dice: [...document.querySelectorAll('#dice .die')].map((d) => Number(d.dataset.face)).sort(),
        roll: { off: q('#roll').disabled, text: q('#roll').textContent }, bank: { off: q('#bank').disabled, text: q('#bank').textContent },
        pig: !q('#piggyback').hidden, hint: !q('#hint-panel').hidden,
        banner: banner.hidden ? null : { seq: Number(lines.at(-1)?.dataset.seq), text: lines.at(-1)?.textContent },
        newest: { value: q('#history li')?.value, text: q('#history li')?.textContent },
      };
    }, events.length);
    if (r.phase === 'step') {
      events = events.concat(r.fresh);
      const e = events.at(-1);
      const n = events.length;
      const where = () => `at move ${n} (${e.kind} of ${names[e.player]}; ${JSON.stringify(e)}): ${JSON.stringify({ ...r, fresh: undefined })}`;
      for (const x of r.fresh) {
        model[x.player] += (SCORE_DELTA[x.kind] || 0) * x.points;
        if (x.kind !== 'won' && model[x.player] !== x.score) fail(`the test's account of ${names[x.player]} is ${model[x.player]}, the event says ${x.score}: ${JSON.stringify(x)}`);
        seen[x.kind] = (seen[x.kind] || 0) + 1;
        if (['rolled', 'banked'].includes(x.kind)) seen[`${x.kind}:${x.player}`] = (seen[`${x.kind}:${x.player}`] || 0) + 1;
        if (x.kind === 'rolled') lastRoll = x.dice.slice();
        if (x.kind === 'kept') for (const d of x.dice) lastRoll.splice(lastRoll.indexOf(d), 1);
      }
      counts.steps++;
      if (e.seq !== n - 1 || r.newest.value !== n) fail(`the history's newest is ${r.newest.value}, the table holds ${n} moves ` + where());
      if (JSON.stringify(r.scores) !== JSON.stringify(model)) fail(`the scores show ${JSON.stringify(r.scores)}, the history ${JSON.stringify(model)} ` + where());
      if (e.kind === 'won') {
        if (r.marker !== -1 || r.heading !== MESSAGES_EN['over.heading'] || !r.status.startsWith('Game over')) fail('the game won is not over on the table ' + where());
      } else if (e.kind !== 'welfare') {
        if (r.marker !== e.player) fail(`the marker is on ${r.marker} ` + where());
        if (!r.heading.includes(names[e.player])) fail('the heading names another player ' + where());
        const want = e.player === 0 ? MESSAGES_EN['status.yourTurn'] : MESSAGES_EN['status.playing'].replace('{name}', '\u2068' + names[e.player] + '\u2069');
        if (!r.status.startsWith(want)) fail(`the status is not "${want}" ` + where());
        if (r.total !== e.turn_total) fail(`the turn total shows ${r.total}, the move ${e.turn_total} ` + where());
      }
      const want = ['rolled', 'kept'].includes(e.kind) ? [...lastRoll].sort() : ['banked', 'hot-dice', 'piggybacked'].includes(e.kind) ? [] : null;
      if (want && JSON.stringify(r.dice) !== JSON.stringify(want)) fail(`the dice show ${JSON.stringify(r.dice)}, want ${JSON.stringify(want)} ` + where());
      if (!r.roll.off || !r.bank.off || r.roll.text !== MESSAGES_EN.roll || r.bank.text !== MESSAGES_EN.bank || r.pig || r.hint) fail('the buttons are not off and plain ' + where());
      if (['banked', 'farkled', 'penalty', 'final-round', 'bankrupt', 'overshot', 'welfare', 'piggybacked', 'hot-dice', 'won'].includes(e.kind)) {
        if (!r.banner || r.banner.seq !== e.seq) fail('the banner does not show the move ' + where());
        if (['banked', 'penalty'].includes(e.kind) && !r.banner.text.includes(e.score.toLocaleString('en'))) fail('the banner does not show the score of the table ' + where());
      }
      if (e.kind === 'banked' && e.player === 1 && !counts.shot) {
        counts.shot = true;
        await page.screenshot({ path: path.join(shots, 'phone-steps.png') });
      }
      await page.evaluate(() => window.__farkle.step());
      continue;
    }
    if (r.phase === 'over') break;
    if (r.phase === 'busy') {
      await page.waitForFunction(() => window.__farkle.phase() !== 'busy', null, { polling: 20, timeout: 20000 });
      continue;
    }
    if (r.phase === 'other') {
      const st = await get();
      if (st.over || st.current !== 2 || st.num_events !== events.length) {
        await page.waitForFunction(() => window.__farkle.phase() !== 'other', null, { polling: 20, timeout: 20000 });
        continue;
      }
      // The second person: in one game farkles (rolling on, for the
      // penalties), in the next banks as soon as it may (an offer to take
      // over).
      const banks = g % 2 === 1;
      if (st.dice.length) {
        const k = await post('keep', { dice: st.keeps[banks ? 0 : st.keeps.length - 1].dice });
        await post(banks && k.can_bank ? 'bank' : 'roll');
      } else await post('roll');
      continue;
    }
    // The player's move.
    if (await page.isVisible('#dice button.die')) {
      await page.tap('#hint');
      await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
      const bestBank = await page.getAttribute('#hint-best', 'data-bank');
      await page.tap('#hint-rows tr.best button');
      const main = await page.evaluate(() => document.querySelector('#actions button.primary:not([hidden])')?.id);
      const bankable = !(await page.isDisabled('#bank'));
      if (main !== (bestBank === 'true' && bankable ? 'bank' : 'roll')) fail(`the hint says ${bestBank === 'true' ? 'bank' : 'roll'}, the main button after Select is ${main}`);
      counts[bestBank === 'true' ? 'hintBank' : 'hintRoll']++;
      await page.tap('#' + main);
    } else if (await page.isVisible('#piggyback')) {
      const st = await get();
      const status = await page.textContent('#status');
      const why = await page.textContent('#why');
      if (!status.includes(st.offer_total.toLocaleString('en')) || !status.includes('piggyback') || !why.startsWith('Piggyback:')) fail(`a piggyback offered says ${JSON.stringify([status, why])}`);
      await page.tap('#piggyback');
      await page.waitForFunction(() => window.__farkle.phase() === 'step');
      counts.pig++;
    } else if (await page.isEnabled('#bank')) {
      await page.tap('#bank');
    } else {
      if (events.at(-1)?.kind === 'piggybacked' && events.at(-1).player === 0) {
        const why = await page.textContent('#why');
        const status = await page.textContent('#status');
        if (!status.includes('took over') || !why.startsWith('A bank taken over')) fail(`after a piggyback: ${JSON.stringify([status, why])}`);
      }
      await page.tap('#roll');
    }
    await page.waitForFunction(() => window.__farkle.phase() !== 'mine', null, { polling: 20, timeout: 10000 });
  }
  await page.evaluate(() => window.__farkle.hold(false));
  await checkScores(page, base, id);
  if (!(await page.isVisible('#over-panel'))) fail('the game of steps is over without its summary');
  return id;
}

// ------------------------------------------------------------ layouts

// overflowing returns the elements of the page that reach past the
// window's right edge, the innermost first, to say what to fix.
async function overflowing(page) {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width && r.right > w + 0.5 && !e.closest('.sr-only, [hidden]')) {
        if ([...e.children].some((c) => c.getBoundingClientRect().right > w + 0.5)) continue;
        out.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} "${e.textContent.trim().slice(0, 40)}" right ${Math.round(r.right)}`);
      }
    }
    return { over: document.documentElement.scrollWidth - w, out: out.slice(0, 6) };
  });
}

// layoutTest checks, light and dark, in every language, at 320, 390,
// 768 and 1280 px, that neither the home page (house rules open, the
// games of this browser listed) nor a game with the hint and the
// scoring guide open is wider than the window; that the home page's
// Start is on a phone's first screen (390 by 844) with the house rules
// folded; and saves the screenshots of the phone and the desktop.
async function layoutTest(base) {
  let startAt = 0;
  {
    // One page, light and dark by turns: a language switched refetches
    // the game, within the server's rate limit of a client.
    const ctx = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = ctx.pages()[0] || await ctx.newPage();
    watch(page, 'layout');
    const id = await createGame(page, base, 'Voittomahdollisuus Ölander');
    // Dice on the table on the player's turn, the hint and the guide open.
    for (let i = 0; i < 20; i++) {
      const st = await waitReady(page);
      if (st.over) fail('the game of the layouts ended before dice were on the table');
      if (st.dice.length) break;
      await page.click('#roll');
      await waitIdle(page);
    }
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
    await page.click('#rules-button');
    const sizes = [320, 390, 768, 1280];
    for (const width of sizes) {
      await page.setViewportSize({ width, height: width < 700 ? 844 : 800 });
      for (const lang of ['en', 'cs', 'fi', 'nl']) {
        await page.selectOption('#lang', lang);
        await page.waitForFunction((l) => document.body.dataset.lang === l && document.getElementById('rules-body').dataset.lang === l &&
          document.getElementById('hint-rows').dataset.lang === l, lang, { timeout: 10000 });
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          const o = await overflowing(page);
          if (o.over > 0) fail(`a game at ${width} px in ${lang}, ${scheme}, with the hint and the guide: the page is ${o.over} px too wide: ${o.out.join('; ')}`);
          if (lang === 'en' && (width === 390 || width === 1280)) {
            await page.evaluate(() => document.getElementById('hint-panel').scrollIntoView({ block: 'center' }));
            await page.screenshot({ path: path.join(shots, `${width === 390 ? 'phone' : 'desktop'}-game-${scheme}.png`) });
          }
        }
      }
    }
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.body.dataset.lang === 'en' && document.getElementById('hint-rows').dataset.lang === 'en');
    // The replay speed chosen stays for the next page.
    await page.selectOption('#speed', 'fast');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.lang === 'en');
    if (await page.inputValue('#speed') !== 'fast') fail('the replay speed chosen is not kept: ' + await page.inputValue('#speed'));
    await page.goto(base + '/');
    await page.waitForSelector('#my-games[data-ready="1"]');
    if (!(await page.isVisible(`#my-list li[data-id="${id}"]`))) fail('the home page does not list the game being played');
    for (const width of sizes) {
      await page.setViewportSize({ width, height: width < 700 ? 844 : 800 });
      for (const lang of ['en', 'cs', 'fi', 'nl']) {
        await page.selectOption('#lang', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        if (width === 390) {
          const bottom = await page.evaluate(() => document.querySelector('#new-game button[type=submit]').getBoundingClientRect().bottom);
          if (bottom > 844) fail(`the home page in ${lang} at 390 by 844: Start is at ${Math.round(bottom)} px, below the first screen`);
          startAt = Math.max(startAt, Math.round(bottom));
        }
        await page.evaluate(() => { document.getElementById('house').open = true; });
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          const o = await overflowing(page);
          if (o.over > 0) fail(`the home page at ${width} px in ${lang}, ${scheme}: ${o.over} px too wide: ${o.out.join('; ')}`);
          if (lang === 'en' && width === 390 && scheme === 'light') await page.screenshot({ path: path.join(shots, 'phone-home.png'), fullPage: true });
        }
        await page.evaluate(() => { document.getElementById('house').open = false; });
      }
    }
    await ctx.close();
  }
  lap(`layouts: 4 languages at 320, 390, 768 and 1280 px, light and dark, no overflow; Start at ${startAt} px at the most on a phone of 844`);
}

// botHelpers are the helpers that bots.mjs uses.
const botHelpers = () => ({ launch, watch, fail, lap, axeScan, overflowing, playMove, waitReady, shots });
// helpers are what the parts in files of their own take from this one.
const helpers = () => ({ launch, axeScan, createGame, playMove, waitReady, overflowing, shots, fail, lap, errors });

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const base = await startServer();
  console.log('serving at', base);
  // E2E_ONLY=steps,layout runs only those parts: for work on the page.
  const only = (process.env.E2E_ONLY || '').split(',').filter(Boolean);
  if (only.length) {
    if (only.includes('layout')) await layoutTest(base);
    if (only.includes('steps')) await stepsTest(base);
    if (only.includes('bots')) await botsTest(base, botHelpers());
    if (only.includes('alerts')) await alertsTest(base, { launch, axeScan, overflowing, playMove, waitReady, fail, lap, shots, MESSAGES_EN });
    if (only.includes('rematch')) await rematchTest(base, helpers());
    if (errors.length) fail('errors in the page:\n  ' + errors.join('\n  '));
    return;
  }
  // The long game is made through the API while the browser plays.
  const longGame = makeLongGame(base);
  longGame.catch(() => {}); // awaited below

  // Desktop: a whole game by mouse.
  // The desktop game runs with reduced motion: the steps are instant.
  const desktop = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = desktop.pages()[0] || await desktop.newPage();
  watch(page, 'desktop');
  const name = 'Ann <script>alert(1)</script>';
  const id = await createGame(page, base, name);
  let moves = 0;
  let shot = false;
  let farkleShot = false;
  while (await playMove(page, {
    screenshot: shot ? null : async () => {
      shot = true;
    },
  })) {
    if (++moves > 400) fail('the game did not end after 400 moves');
    if (!farkleShot && await page.isVisible('.banner-farkled')) {
      farkleShot = true;
    }
  }
  const state = await checkScores(page, base, id);
  if (!state.over) fail('the page says the game is over, the server does not');
  const title = await page.title();
  if (!title.includes(name)) fail('the title does not show the name as text: ' + title);
  const winner = state.players[state.winner];
  await page.screenshot({ path: path.join(shots, 'desktop-over.png'), fullPage: true });
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] desktop: ${moves} moves; ${state.players.map((p) => `${p.name} ${p.score}`).join(', ')}; ${winner.name} won`);

  // The game over: a summary of every player, and a rematch.
  await page.waitForSelector('#over-panel:not([hidden])');
  const rows = await page.evaluate(() => [...document.querySelectorAll('#over-rows tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
  if (rows.length !== state.players.length) fail('the summary has ' + rows.length + ' rows');
  rows.forEach((r, i) => {
    if (r[0] !== state.players[i].name || r[1] !== state.players[i].score.toLocaleString('en')) fail(`summary row ${JSON.stringify(r)}, the server says ${JSON.stringify(state.players[i])}`);
    if (!(Number(r[2]) >= 1)) fail('a player of the summary had no turn: ' + JSON.stringify(r));
  });
  await checkHistory(page, state.num_events);
  await axeScan(page, 'the game over');
  for (const lang of ['cs', 'fi', 'nl']) await checkLanguage(page, lang, 'the game over', state.players.map((p) => p.name));
  await page.selectOption('#lang', 'en');
  lap('game over checked in every language');
  await page.click('#rematch');
  await page.waitForURL((u) => /\/g\/[0-9a-f]{24}$/.test(u.pathname) && !u.pathname.endsWith(id));
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  const again = await page.evaluate(() => [...document.querySelectorAll('#scores .name')].map((n) => n.textContent));
  // The seats turn by one: the player after the last game's first starts.
  const turned = [...state.players.slice(1), state.players[0]].map((p) => p.name);
  if (JSON.stringify(again) !== JSON.stringify(turned)) fail('the rematch has other players: ' + again.join(', '));

  // Phone: a new game by touch, some moves, screenshots.
  const phone = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const ppage = phone.pages()[0] || await phone.newPage();
  watch(ppage, 'phone');
  // A watcher of the game over (no seat in this browser) has no Rematch:
  // it would take the first seat of the new game.
  await ppage.goto(`${base}/g/${id}`);
  await ppage.waitForSelector('#over-panel:not([hidden])');
  if (await ppage.isVisible('#rematch') || !(await ppage.isVisible('.over-actions a'))) fail('a watcher of the game over is offered a rematch, or no new game');
  const overflow = await ppage.evaluate(() => document.documentElement.scrollWidth - 390);
  if (overflow > 0) fail(`the game over overflows the phone by ${overflow} px`);
  await ppage.waitForFunction(() => document.getElementById('rules-body').dataset.lang === 'en'); // no request cut short
  await ppage.goto(base + '/');
  await checkCheckboxes(ppage, 'phone');
  let pid = await createGame(ppage, base, 'Bea', 3000);
  await recordSteps(ppage);
  let pshot = false;
  let keptChecks = 0;
  let keptInTurn = 0;
  let botBanks = 0;
  let farkles = [];
  let games = 1;
  let earlier = { banks: 0, farkles: [] };
  for (let i = 0; i < 80; i++) {
    const more = await playMove(ppage, {
      tap: true,
      // Long turns: a farkle to check comes sooner, and fewer bot turns
      // to wait for.
      bankAt: 800,
      screenshot: pshot ? null : async () => {
        pshot = true;
      },
    });
    const st = more && await waitReady(ppage);
    if (!more || st.over) {
      // A game too short for every check: the next one goes on.
      if (games++ >= 4) break;
      earlier = { banks: earlier.banks + botBanks, farkles: earlier.farkles.concat(farkles) };
      botBanks = 0;
      farkles = [];
      keptInTurn = 0;
      pid = await createGame(ppage, base, 'Bea', 3000);
      await recordSteps(ppage);
      continue;
    }
    if (st.dice.length === 0) keptInTurn = 0;
    else if (more.kept) {
      // A keep and a roll that did not farkle: the kept dice are on the table.
      keptInTurn += more.kept;
      const shown = await ppage.evaluate(() => document.querySelectorAll('#kept:not([hidden]) .kept-die').length);
      if (shown < keptInTurn) fail(`after keeping ${keptInTurn} dice this turn the table shows ${shown} set aside`);
      keptChecks++;
    }
    botBanks = await checkSteps(ppage);
    farkles = await ppage.evaluate(() => window.__farkles.filter((f) => f.later !== null));
    if (keptChecks && botBanks + earlier.banks && farkles.length + earlier.farkles.length && i >= 5) break;
  }
  botBanks += earlier.banks;
  farkles = earlier.farkles.concat(farkles);
  for (const f of farkles) if (!f.later) fail('a farkle banner was gone one second later: ' + f.text);
  if (!keptChecks) fail('no keep was followed by a roll to check the kept dice');
  if (!botBanks) fail('the bot never banked: its steps were not checked: ' + JSON.stringify(await ppage.evaluate(() => window.__steps.slice(-30))));
  if (!farkles.length) fail('no farkle banner appeared to check: ' + JSON.stringify(await ppage.evaluate(() => [window.__farkles, window.__steps.map((s) => s.step).join(' ')])));
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] phone: ${keptChecks} keeps seen set aside, ${botBanks} bot banks after their rolls, ${farkles.length} farkle banners still up after 1 s`);
  const pstate = await checkScores(ppage, base, pid);
  await checkHistory(ppage, pstate.num_events);
  lap(`phone history: ${pstate.num_events} events, ${Math.ceil(pstate.num_events / 50)} pages`);
  await longHistoryTest(ppage, base, await longGame);

  // Keyboard: r rolls; Tab reaches only keepable dice, as one stop;
  // arrows move between them; Space keeps; h and Escape open and close
  // the hint; after a bank, the focus is on Roll when the turn is back.
  await page.goto(base + '/');
  for (const lang of ['cs', 'fi', 'nl']) await checkLanguage(page, lang, 'the home page');
  await page.selectOption('#lang', 'en');
  await axeScan(page, 'the home page');
  let kid = await createGame(page, base, 'Kim');
  await axeScan(page, 'a new game');
  const events0 = Number(await page.evaluate(() => document.body.dataset.events));
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('r');
  await page.waitForFunction((n) => Number(document.body.dataset.events) > n, events0, { timeout: 10000 });
  await waitIdle(page);
  let st = await waitReady(page);
  for (let i = 0; i < 8 && !st.dice.length; i++) {
    // A farkle (or the bot won after it): the dice checks need a roll
    // that stays on the table.
    if (st.over) {
      kid = await createGame(page, base, 'Kim');
      await page.evaluate(() => document.activeElement?.blur());
    }
    await page.keyboard.press('r');
    await waitIdle(page);
    st = await waitReady(page);
  }
  if (!st.dice.length) fail('rolls by the r key left no dice on the table');
  if (st.dice.length) {
    const focused = await page.evaluate(() => document.activeElement?.classList.contains('die'));
    if (!focused) fail('after a roll by keyboard the focus is not on a die');
    await page.focus('#rules-button');
    const stops = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const a = document.activeElement;
        return { id: a.id, die: a.classList.contains('die'), keepable: a.getAttribute('aria-disabled') === 'false', face: a.dataset.face };
      });
      if (['roll', 'bank', 'hint'].includes(f.id)) break;
      stops.push(f);
    }
    const dieStops = stops.filter((f) => f.die);
    if (dieStops.length !== 1 || !dieStops[0].keepable) fail('Tab from the guide to the actions stops at ' + JSON.stringify(stops));
    const keepable = await page.$$eval('#dice .die[aria-disabled="false"]', (d) => d.length);
    await page.keyboard.press('Shift+Tab');
    if (!(await page.evaluate(() => document.activeElement.classList.contains('die')))) fail('Shift+Tab from the actions does not come back to the dice');
    if (keepable > 1) {
      const from = await page.evaluate(() => document.activeElement.dataset.index);
      await page.keyboard.press('ArrowRight');
      const to = await page.evaluate(() => ({ i: document.activeElement.dataset.index, ok: document.activeElement.getAttribute('aria-disabled') === 'false' }));
      if (to.i === from || !to.ok) fail(`ArrowRight moved from die ${from} to ${JSON.stringify(to)}`);
    }
    const pressed = await page.evaluate(() => document.activeElement.dataset.index);
    await page.keyboard.press('Space');
    const on = await page.getAttribute(`#dice .die[data-index="${pressed}"]`, 'aria-pressed');
    if (on !== 'true') fail('Space on a die did not select it');
    await page.keyboard.press('Space');
    await page.keyboard.press('h');
    await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
    await waitIdle(page);
    if (!(await page.evaluate(() => document.getElementById('hint-panel').contains(document.activeElement)))) fail('the open hint does not have the focus');
    await axeScan(page, 'the open hint');
    await page.keyboard.press('Escape');
    if (await page.isVisible('#hint-panel')) fail('Escape did not close the hint');
    if ((await page.evaluate(() => document.activeElement.id)) !== 'hint') fail('closing the hint did not give the focus back to its button');

    // The names of the combinations follow the language of the page, and
    // no English word is left, with the hint and the guide open.
    const hintText = async () => {
      await page.click('#hint');
      await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
      await waitIdle(page);
      await checkHintOrder(page);
      return page.textContent('#hint-rows');
    };
    const en = await hintText();
    await page.click('#rules-button');
    for (const lang of ['cs', 'fi', 'nl']) {
      await checkLanguage(page, lang, 'a game with the hint and the guide', ['Kim', 'Bot']);
      const other = await page.textContent('#hint-rows');
      if (other === en) fail(`the hint in ${lang} is the English one: ${en}`);
    }
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.getElementById('hint-rows').dataset.lang === 'en');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    if (await page.isVisible('#hint-panel') || await page.isVisible('#rules-panel')) fail('two presses of Escape did not close the hint and the guide');
  }
  // A bank by the b key; then the focus waits on Roll for the next turn.
  let banked = false;
  for (let i = 0; i < 40 && !banked; i++) {
    const ready = await waitReady(page);
    if (ready.over) break;
    if (ready.dice.length === 0) {
      if (!(await page.isDisabled('#bank'))) {
        await page.keyboard.press('b');
        banked = true;
      } else await page.keyboard.press('r');
      await waitIdle(page);
      continue;
    }
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
    await page.click('#hint-rows tr.best button');
    if (!(await page.isDisabled('#bank'))) {
      await page.keyboard.press('b');
      banked = true;
    } else await page.keyboard.press('r');
    await waitIdle(page);
  }
  if (banked) {
    const ready = await waitReady(page);
    if (!ready.over && ready.dice.length === 0) {
      await page.waitForFunction(() => document.activeElement?.id === 'roll', null, { timeout: 5000 })
        .catch(async () => fail('after a bank, on the next turn, the focus is on ' + await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))));
    }
  }
  await checkScores(page, base, kid);

  // Seats: links that survive opening another seat's link.
  await seatsTest(page, base);
  await connectionTest(page, base);
  await refusalsTest(page, base);
  await namesTest(page, base);

  // House rules: the form's fields, the page's statement of them, and
  // the piggyback button.
  await houseRulesGame(page, base);
  await openingMinimumForm(page, base);

  lap('keyboard, languages, seats and house rules checked');
  // Zilch: the rules at a glance, and a disabled bank that says why.
  await page.goto(base + '/');
  await createGame(page, base, 'Zed', 10000, 'zilch');
  await page.waitForFunction(() => document.getElementById('rules-name').textContent.includes('Zilch'));
  await page.click('#rules-button');
  const guide = await page.textContent('#rules-panel');
  for (const want of ['Rules: Zilch', 'A bank needs at least 300', '3 farkles in a row cost 500 points', 'Three pairs', 'final round']) {
    if (!guide.includes(want)) fail(`the Zilch guide lacks "${want}": ${guide}`);
  }
  await page.keyboard.press('Escape');
  if (await page.isVisible('#rules-panel')) fail('Escape did not close the scoring guide');
  let needs = false;
  for (let i = 0; i < 30 && !needs; i++) {
    const st = await waitReady(page);
    if (st.dice.length === 0) {
      await page.click('#roll');
      await waitIdle(page);
      continue;
    }
    // One single 1 or 5 is less than 300: the bank says what it needs.
    const single = await page.$('#dice .die[aria-disabled="false"][data-face="5"], #dice .die[aria-disabled="false"][data-face="1"]');
    if (single) {
      await single.click();
      const text = await page.textContent('#bank');
      const pts = await page.evaluate(() => document.getElementById('selection').dataset.points);
      if (pts && Number(pts) + st.turnTotal < 300) {
        if (text !== 'Bank needs 300' || !(await page.isDisabled('#bank'))) fail(`a keep of ${pts} under Zilch: the bank button says "${text}"`);
        const why = await page.textContent('#why');
        if (!why.includes('300')) fail('the reason of the disabled bank is missing: ' + why);
        needs = true;
        break;
      }
      await single.click(); // unselect
    }
    await playMove(page);
  }
  if (!needs) fail('no keep under 300 to check the bank button of Zilch');

  lap('Zilch checked');
  // Every size, light and dark: a few moves of a game with a long name
  // (64 characters, no break), no horizontal overflow, screenshots.
  const longName = 'W'.repeat(64);
  // One browser, a context for each size and scheme.
  const shared = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  contexts.push(shared);
  // Light and dark of a size at once: the pages mostly wait for the server.
  const sizeShot = async (label, viewport, mobile, colorScheme) => {
    const ctx = await shared.newContext({ viewport, colorScheme, reducedMotion: 'reduce', isMobile: mobile, hasTouch: mobile });
    const p = await ctx.newPage();
    watch(p, `${label}-${colorScheme}`);
    await createGame(p, base, longName);
    for (let i = 0; i < 4; i++) if (!(await playMove(p))) break;
    await waitReady(p);
    const over = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (over > 0) fail(`${label} ${colorScheme}: the page overflows by ${over} px with a long name`);
    if (colorScheme === 'dark') {
      const bg = await p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      if (bg === 'rgb(244, 241, 234)') fail('dark mode: the page is light');
    }
    if (label !== 'tablet') await axeScan(p, `a game on the ${label} in ${colorScheme} mode`);
    await ctx.close();
  };
  for (const [label, viewport, mobile] of [['desktop', { width: 1280, height: 800 }, false], ['tablet', { width: 768, height: 1024 }, false], ['phone', { width: 390, height: 844 }, true]]) {
    await Promise.all(['light', 'dark'].map((scheme) => sizeShot(label, viewport, mobile, scheme)));
    lap(label);
  }

  await layoutTest(base);
  await stepsTest(base);
  await seatChancesTest(base);
  lap('every player\'s chance');
  await botsTest(base, botHelpers());
  await alertsTest(base, { launch, axeScan, overflowing, playMove, waitReady, fail, lap, shots, MESSAGES_EN });
  await rematchTest(base, helpers());

  console.log(`hints sorted by the chance to win: ${hintsByChance}`);
  console.log('axe-core: ' + axeLog.join('; '));
  if (errors.length) fail('errors in the page:\n  ' + errors.join('\n  '));
}

let ok = false;
try {
  await main();
  ok = true;
} catch (err) {
  console.error(err.stack || String(err));
  if (errors.length) console.error(errors.join('\n'));
} finally {
  for (const c of contexts) await c.close().catch(() => {});
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', (code, sig) => r({ code, sig })));
    server.kill('SIGTERM');
    const { code } = await exited;
    if (code !== 0) {
      console.error(`farkle serve exited with ${code} on SIGTERM`);
      ok = false;
    }
  }
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(ok ? `E2E PASS: a game played to the end in Chromium (${secs}s); screenshots in e2e/screenshots/` : `E2E FAIL (${secs}s)`);
process.exit(ok ? 0 : 1);
