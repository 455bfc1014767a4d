// Browser test of "farkle serve": builds the command, serves on a free
// loopback port, and plays a whole game against a bot in headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core) by
// clicking: the hint's best keep, banking at a threshold. It checks the
// page's scores against the server's state, fails on any console or page
// error, and saves screenshots at desktop and phone sizes in
// e2e/screenshots/.
//
//	cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-package-lock && node test.mjs

import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const shots = path.join(here, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TARGET = 1000;
const BANK_AT = 300;
const started = Date.now();

const errors = [];
let server;
let contexts = [];
const tmpDirs = [];

function mkTemp(prefix) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(d);
  return d;
}

function fail(msg) {
  throw new Error(msg);
}

// startServer builds farkle and starts "farkle serve" on a free port.
async function startServer() {
  const bin = path.join(mkTemp('farkle-e2e-bin-'), 'farkle');
  execFileSync('go', ['build', '-o', bin, './cmd/farkle'], { cwd: root, stdio: 'inherit' });
  const data = mkTemp('farkle-e2e-data-');
  server = spawn(bin, ['serve', '-addr', '127.0.0.1:0', '-data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
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
    if (msg.type() === 'error') errors.push(`${label} console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${label} page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // An event stream closed by navigation or the end of the test is no error.
    if (!req.url().includes('/stream')) errors.push(`${label} request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
}

async function createGame(page, base, name, target = TARGET, rules = 'app') {
  await page.goto(base + '/');
  await page.fill('#name', name);
  await page.selectOption('#rules', rules);
  await page.fill('#target-input', String(target));
  await page.selectOption('#seat2', 'expected');
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
    turnTotal: Number(document.getElementById('turn-total').textContent),
  }));
}

async function waitIdle(page) {
  await page.waitForFunction(() => document.body.dataset.busy !== '1', null, { timeout: 15000 });
}

// playMove makes one move: roll, or keep the hint's best keep and then
// roll or bank. It returns false once the game is over.
async function playMove(page, { tap = false, screenshot } = {}) {
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
  const best = await page.evaluate(() => document.getElementById('hint-best').dataset.dice.split(',').map(Number));
  // Select the best keep die by die, as a player would.
  for (const face of best) {
    await click(`#dice .die[data-face="${face}"][aria-pressed="false"]`);
  }
  const keepPoints = await page.evaluate(() => {
    const m = /: (\d+) points/.exec(document.getElementById('selection').textContent);
    return m ? Number(m[1]) : -1;
  });
  if (keepPoints < 0) fail('the selection of the best keep is not a keep: ' + best.join(' '));
  if (screenshot) await screenshot();
  const bank = st.turnTotal + keepPoints >= BANK_AT && !(await page.isDisabled('#bank'));
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
    score: Number(tr.querySelector('.score').textContent),
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
  const boxes = await page.evaluate(() => [...document.querySelectorAll('.new-game input[type=checkbox]')].map((c) => {
    const l = c.closest('label');
    const b = c.getBoundingClientRect();
    const r = l.getBoundingClientRect();
    return { text: l.textContent.trim(), box: { x: b.x, y: b.y, w: b.width, h: b.height }, label: { x: r.x, y: r.y, h: r.height } };
  }));
  if (boxes.length !== 5) fail(`${label}: ${boxes.length} checkboxes of house rules, want 5`);
  for (const { text, box, label: l } of boxes) {
    if (box.w > 32 || box.h > 32 || box.x - l.x > 8 || box.y + box.h / 2 < l.y || box.y + box.h / 2 > l.y + l.h) {
      fail(`${label}: the checkbox of "${text}" is at ${JSON.stringify(box)} in its label at ${JSON.stringify(l)}`);
    }
  }
}

// houseRulesGame creates a game with house rules through the form, checks
// that the server got them and that the page states them, and plays it to
// the end, taking over every bank that the page offers.
async function houseRulesGame(page, base) {
  await page.goto(base + '/');
  await checkCheckboxes(page, 'desktop');
  await page.fill('#name', 'Hal');
  await page.fill('#target-input', String(TARGET));
  await page.selectOption('#seat2', 'expected');
  await page.fill('#low-straight', '500');
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
  console.log(`house rules: ${moves} moves, ${taken} banks taken over; ${end.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const base = await startServer();
  console.log('serving at', base);

  // Desktop: a whole game by mouse.
  // The desktop game runs with reduced motion: the steps are instant.
  const desktop = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = desktop.pages()[0] || await desktop.newPage();
  watch(page, 'desktop');
  const name = 'Ann <script>alert(1)</script>';
  const id = await createGame(page, base, name);
  await page.screenshot({ path: path.join(shots, 'desktop-start.png') });
  let moves = 0;
  let shot = false;
  let farkleShot = false;
  while (await playMove(page, {
    screenshot: shot ? null : async () => {
      shot = true;
      await page.screenshot({ path: path.join(shots, 'desktop-hint.png') });
    },
  })) {
    if (++moves > 400) fail('the game did not end after 400 moves');
    if (!farkleShot && await page.isVisible('.banner-farkled')) {
      farkleShot = true;
      await page.screenshot({ path: path.join(shots, 'desktop-farkle.png') });
    }
  }
  const state = await checkScores(page, base, id);
  if (!state.over) fail('the page says the game is over, the server does not');
  const title = await page.title();
  if (!title.includes(name)) fail('the title does not show the name as text: ' + title);
  const winner = state.players[state.winner];
  await page.screenshot({ path: path.join(shots, 'desktop-over.png'), fullPage: true });
  console.log(`desktop: ${moves} moves; ${state.players.map((p) => `${p.name} ${p.score}`).join(', ')}; ${winner.name} won`);

  // The game over: a summary of every player, and a rematch.
  await page.waitForSelector('#over-panel:not([hidden])');
  const rows = await page.evaluate(() => [...document.querySelectorAll('#over-rows tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
  if (rows.length !== state.players.length) fail('the summary has ' + rows.length + ' rows');
  rows.forEach((r, i) => {
    if (r[0] !== state.players[i].name || r[1] !== state.players[i].score.toLocaleString('en')) fail(`summary row ${JSON.stringify(r)}, the server says ${JSON.stringify(state.players[i])}`);
    if (!(Number(r[2]) >= 1)) fail('a player of the summary had no turn: ' + JSON.stringify(r));
  });
  const first = await page.evaluate(() => document.querySelector('#history li:last-child')?.value);
  if (first !== 1) fail('the history does not start at 1: ' + first);
  await page.click('#rematch');
  await page.waitForURL((u) => /\/g\/[0-9a-f]{24}$/.test(u.pathname) && !u.pathname.endsWith(id));
  await page.waitForFunction(() => document.querySelector('#status')?.textContent.startsWith('Your turn'));
  const again = await page.evaluate(() => [...document.querySelectorAll('#scores .name')].map((n) => n.textContent));
  if (JSON.stringify(again) !== JSON.stringify(state.players.map((p) => p.name))) fail('the rematch has other players: ' + again.join(', '));

  // Phone: a new game by touch, some moves, screenshots.
  const phone = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const ppage = phone.pages()[0] || await phone.newPage();
  watch(ppage, 'phone');
  await ppage.goto(base + '/');
  await checkCheckboxes(ppage, 'phone');
  await ppage.screenshot({ path: path.join(shots, 'phone-home.png') });
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
      screenshot: pshot ? null : async () => {
        pshot = true;
        await ppage.screenshot({ path: path.join(shots, 'phone-hint.png') });
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
      if (!keptChecks) await ppage.screenshot({ path: path.join(shots, 'phone-kept.png') });
      keptChecks++;
    }
    botBanks = await checkSteps(ppage);
    farkles = await ppage.evaluate(() => window.__farkles.filter((f) => f.later !== null));
    if (keptChecks && botBanks + earlier.banks && farkles.length + earlier.farkles.length && i >= 11) break;
  }
  botBanks += earlier.banks;
  farkles = earlier.farkles.concat(farkles);
  for (const f of farkles) if (!f.later) fail('a farkle banner was gone one second later: ' + f.text);
  if (!keptChecks) fail('no keep was followed by a roll to check the kept dice');
  if (!botBanks) fail('the bot never banked: its steps were not checked: ' + JSON.stringify(await ppage.evaluate(() => window.__steps.slice(-30))));
  if (!farkles.length) fail('no farkle banner appeared to check: ' + JSON.stringify(await ppage.evaluate(() => [window.__farkles, window.__steps.map((s) => s.step).join(' ')])));
  console.log(`phone: ${keptChecks} keeps seen set aside, ${botBanks} bot banks after their rolls, ${farkles.length} farkle banners still up after 1 s`);
  await checkScores(ppage, base, pid);
  await ppage.screenshot({ path: path.join(shots, 'phone-game.png'), fullPage: true });

  // Keyboard: Tab to the roll button and press Enter; Space on a die.
  await page.goto(base + '/');
  const kid = await createGame(page, base, 'Kim');
  await page.focus('#roll');
  await page.keyboard.press('Enter');
  await waitIdle(page);
  const st = await waitReady(page);
  if (st.dice.length) {
    const focused = await page.evaluate(() => document.activeElement?.classList.contains('die'));
    if (!focused) fail('after a roll by keyboard the focus is not on a die');
    const pressed = await page.evaluate(() => {
      const s = [...document.querySelectorAll('#dice .die')].find((d) => d.getAttribute('aria-disabled') === 'false');
      s.focus();
      return s.dataset.index;
    });
    await page.keyboard.press('Space');
    const on = await page.getAttribute(`#dice .die[data-index="${pressed}"]`, 'aria-pressed');
    if (on !== 'true') fail('Space on a die did not select it');

    // The names of the combinations follow the language of the page.
    const hintText = async () => {
      await page.click('#hint');
      await page.waitForSelector('#hint-panel:not([hidden]) #hint-best[data-dice]');
      await waitIdle(page);
      return page.textContent('#hint-rows');
    };
    const en = await hintText();
    for (const lang of ['cs', 'fi', 'nl']) {
      await page.selectOption('#lang', lang);
      const other = await hintText();
      if (other === en) fail(`the hint in ${lang} is the English one: ${en}`);
      if (lang === 'cs') await page.screenshot({ path: path.join(shots, 'desktop-czech.png') });
    }
    await page.selectOption('#lang', 'en');
  }
  await checkScores(page, base, kid);

  // House rules: the form's fields, the page's statement of them, and
  // the piggyback button.
  await houseRulesGame(page, base);

  // Zilch: the rules at a glance, and a disabled bank that says why.
  await page.goto(base + '/');
  await createGame(page, base, 'Zed', 10000, 'zilch');
  await page.waitForFunction(() => document.getElementById('rules-name').textContent.includes('Zilch'));
  await page.click('#rules-button');
  const guide = await page.textContent('#rules-panel');
  for (const want of ['Rules: Zilch', 'A bank needs at least 300', '3 farkles in a row cost 500 points', 'Three pairs', 'final round']) {
    if (!guide.includes(want)) fail(`the Zilch guide lacks "${want}": ${guide}`);
  }
  await page.screenshot({ path: path.join(shots, 'desktop-rules.png'), fullPage: true });
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
      const pts = await page.evaluate(() => /: (\d+) points/.exec(document.getElementById('selection').textContent)?.[1]);
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

  // Every size, light and dark: a few moves of a game with a long name
  // (64 characters, no break), no horizontal overflow, screenshots.
  const longName = 'W'.repeat(64);
  for (const [label, viewport, mobile] of [['desktop', { width: 1280, height: 800 }, false], ['tablet', { width: 768, height: 1024 }, false], ['phone', { width: 390, height: 844 }, true]]) {
    for (const colorScheme of ['light', 'dark']) {
      const ctx = await launch({ viewport, colorScheme, reducedMotion: 'reduce', isMobile: mobile, hasTouch: mobile });
      const p = ctx.pages()[0] || await ctx.newPage();
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
      await p.screenshot({ path: path.join(shots, `${label}-${colorScheme}.png`), fullPage: true });
      await ctx.close();
    }
  }

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
