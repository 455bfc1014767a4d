// The browser test of rematch together, quick reactions and the
// statistics of this browser (issue 32, item 4 and part of item 7),
// run by test.mjs (E2E_ONLY=rematch runs it alone):
//   - statistics: a short game against a bot played to the end, the
//     home page's games played, won, win rate and best turn checked
//     against the server's history, and again after reloads of the home
//     page and of the finished game (counted once); the reset;
//   - rematch: a finished game of two people in two browsers; Ann's press
//     makes the rematch, Ben's page of the finished game shows the offer
//     live and joins his seat with one press; Ben, after Ann last time,
//     starts;
//   - reactions: Ann's 👍 shows beside her name on both pages; a second
//     at once is refused in words;
// each new screen scanned by axe-core and checked for overflow at 320 and
// 390 px in every language, with screenshots at 390 by 844 and 1280 by
// 800, light and dark, in e2e/screenshots/.

import path from 'node:path';

// rematchTest runs the checks on the server at base, with test.mjs's
// helpers h.
export async function rematchTest(base, h) {
  const { launch, axeScan, createGame, playMove, waitReady, overflowing, shots, fail, lap, errors } = h;

  // watch records a page's errors, as test.mjs does, but for the one
  // refusal that the test makes on purpose (429, a reaction too soon).
  let refused = 0;
  const watch = (page, label) => {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (refused > 0 && /status of 429/.test(msg.text())) {
        refused--;
        return;
      }
      errors.push(`${label} console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${label} page error: ${err.message}`));
  };

  // api calls the server's API from node, again after a 429.
  const api = async (method, url, token, body) => {
    for (let i = 0; ; i++) {
      const res = await fetch(base + url, {
        method,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { 'X-Farkle-Token': token } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 429 && i < 40) {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      const data = await res.json();
      if (!res.ok) fail(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
      return data;
    }
  };

  // shoot saves the screenshots of name at 390 by 844 and 1280 by 800,
  // light and dark, after prepare (which may scroll), and checks the
  // page for overflow at 320 and 390 px in every language.
  const shoot = async (page, name, prepare = async () => {}) => {
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const lang of ['en', 'cs', 'fi', 'nl']) {
        await page.selectOption('#lang', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l && (document.body.dataset.page !== 'game' || document.body.dataset.lang === l), lang);
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          const o = await overflowing(page);
          if (o.over > 0) fail(`${name} at ${width} px in ${lang}, ${scheme}: ${o.over} px too wide: ${o.out.join('; ')}`);
        }
      }
    }
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && (document.body.dataset.page !== 'game' || document.body.dataset.lang === 'en'));
    for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
      await page.setViewportSize(viewport);
      await prepare();
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: path.join(shots, `${name}-${size}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  // ------------------------------------------------ statistics
  {
    const ctx = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = ctx.pages()[0] || await ctx.newPage();
    watch(page, 'stats');
    await page.goto(base + '/');
    if (await page.isVisible('#my-stats')) fail('the statistics show before any game is over');
    const id = await createGame(page, base, 'Stella', 500);
    for (let i = 0; i < 300 && await playMove(page); i++);
    await waitReady(page);
    await page.waitForSelector('#over-panel:not([hidden])');
    const st = await api('GET', `/api/games/${id}`);
    const evs = await api('GET', `/api/games/${id}/events?limit=2000`);
    let best = 0;
    for (const e of evs.events) if (e.kind === 'banked' && e.player === 0 && e.points > best) best = e.points;
    const want = { played: '1', won: st.winner === 0 ? '1' : '0', rate: st.winner === 0 ? '100.0%' : '0.0%', best: best.toLocaleString('en') };
    const shown = async () => {
      await page.waitForSelector('#my-stats:not([hidden])');
      return page.evaluate(() => Object.fromEntries(['played', 'won', 'rate', 'best'].map((k) => [k, document.getElementById('stats-' + k).textContent])));
    };
    const check = async (when) => {
      const got = await shown();
      if (JSON.stringify(got) !== JSON.stringify(want)) fail(`the statistics ${when}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    };
    await page.goto(base + '/');
    await check('after a game');
    await page.reload();
    await check('after a reload of the home page');
    // The finished game opened again, and reloaded: not counted again.
    await page.goto(base + '/g/' + id);
    await page.waitForSelector('#over-panel:not([hidden])');
    await page.reload();
    await page.waitForSelector('#over-panel:not([hidden])');
    await page.goto(base + '/');
    await check('after the finished game was opened again');
    await page.waitForSelector('#my-games[data-ready="1"]');
    await axeScan(page, 'the home page with the statistics');
    await shoot(page, 'stats', () => page.evaluate(() => document.getElementById('my-stats').scrollIntoView({ block: 'end' })));
    // Reset asks first; its cancel keeps them, its yes sets them to zero.
    page.once('dialog', (d) => d.dismiss());
    await page.click('#stats-reset');
    await check('after a reset cancelled');
    page.once('dialog', (d) => d.accept());
    await page.click('#stats-reset');
    await page.waitForSelector('#my-stats[hidden]', { state: 'attached' });
    await page.goto(base + '/g/' + id);
    await page.waitForSelector('#over-panel:not([hidden])');
    await page.goto(base + '/');
    await page.waitForSelector('#my-games[data-ready="1"]');
    if (await page.isVisible('#my-stats')) fail('a game counted before the reset was counted again after it');
    await ctx.close();
    lap(`statistics: 1 game, ${want.won} won, best turn ${want.best}; counted once over reloads; reset`);
  }

  // ------------------------------------------------ rematch
  // A game of two people, played to its end through the API.
  const g = await api('POST', '/api/games', '', { rules: 'app', target: 500, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Ben' }] });
  const toks = g.seats.map((s) => s.token);
  let st = g.state;
  for (let i = 0; !st.over; i++) {
    if (i > 2000) fail('the game of two people did not end');
    const tok = toks[st.current];
    if (st.dice.length) st = await api('POST', `/api/games/${g.id}/keep`, tok, { dice: st.keeps[0].dice });
    else if (st.can_bank && st.turn_total >= 300) st = await api('POST', `/api/games/${g.id}/bank`, tok);
    else st = await api('POST', `/api/games/${g.id}/roll`, tok);
  }
  // Each browser holds its seat, as after a link.
  const open = async (label, seat) => {
    const ctx = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = ctx.pages()[0] || await ctx.newPage();
    watch(page, label);
    await page.goto(base + '/');
    await page.evaluate(([id, seat, tok]) => localStorage.setItem('farkle:seats:' + id, JSON.stringify({ tokens: { [seat]: tok }, mine: [seat], current: seat })), [g.id, seat, toks[seat]]);
    await page.goto(base + '/g/' + g.id);
    await page.waitForSelector('#over-panel:not([hidden])');
    await page.waitForFunction(() => document.getElementById('conn').dataset.state === 'connected');
    return page;
  };
  const ann = await open('ann', 0);
  const ben = await open('ben', 1);
  if (await ben.isVisible('#rematch-offer')) fail('an offer of rematch shows before anyone asked');
  await ann.click('#rematch');
  await ann.waitForURL((u) => /^\/g\/[0-9a-f]{24}$/.test(u.pathname) && u.pathname !== '/g/' + g.id);
  const rid = await ann.evaluate(() => document.body.dataset.gameId);
  if (rid === g.id) fail('the rematch is the finished game');
  // Ben's page of the finished game shows the offer, live.
  await ben.waitForSelector('#rematch-offer:not([hidden])', { timeout: 10000 });
  const offer = await ben.textContent('#rematch-offer');
  if (!offer.includes('Ann') || !offer.includes('wants a rematch')) fail('the offer says: ' + offer);
  if ((await ben.textContent('#rematch')) !== 'Join the rematch') fail('the rematch button says: ' + await ben.textContent('#rematch'));
  await axeScan(ben, 'the offer of a rematch');
  await shoot(ben, 'rematch-offer', () => ben.evaluate(() => document.getElementById('over-panel').scrollIntoView({ block: 'center' })));
  await ben.click('#rematch');
  await ben.waitForURL((u) => u.pathname !== '/g/' + g.id);
  if (await ben.evaluate(() => document.body.dataset.gameId) !== rid) fail('Ben joined another game than Ann\'s rematch');
  // Ann started the last game: Ben starts this one, in seat 0.
  await ben.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your turn'), null, { timeout: 10000 });
  await ann.waitForFunction(() => document.getElementById('status').textContent.includes('is to play'), null, { timeout: 10000 });
  const rs = await api('GET', `/api/games/${rid}`);
  if (rs.players.map((p) => p.name).join() !== 'Ben,Ann') fail('the rematch seats ' + rs.players.map((p) => p.name).join());
  const old = await api('GET', `/api/games/${g.id}`);
  if (old.rematch !== rid || old.rematch_by !== 0) fail(`the finished game links ${old.rematch} by ${old.rematch_by}`);
  lap('rematch together: one game, the offer live, joined with one press, the other player first');

  // ------------------------------------------------ reactions
  // Ann (seat 1 now) reacts: both pages show it beside her name.
  const mark = '#scores tr[data-seat="1"] .reaction';
  const react = async (emoji) => {
    await ann.click(`#react-bar button[data-emoji="${emoji}"]`);
    for (const p of [ann, ben]) await p.waitForFunction(([sel, e]) => document.querySelector(sel)?.textContent === e, [mark, emoji], { timeout: 5000 });
  };
  await react('👍');
  // A second at once is refused, in words.
  refused++;
  await ann.click('#react-bar button[data-emoji="😮"]');
  await ann.waitForFunction(() => document.getElementById('notice').textContent.includes('one reaction a second'), null, { timeout: 5000 });
  if (refused) fail('the reaction sent too soon was not refused');
  await ben.waitForSelector(mark + ':not(:empty)');
  await axeScan(ben, 'a game with a reaction shown');
  // Ben's page, a reaction shown for each size's screenshots. Each waits
  // 1.1 s from the moment the pages showed the last one, which the server
  // took before that: timed from the click instead, a request held up on
  // a loaded machine could reach the server less than a second after the
  // next, and be refused (CI failed so once).
  let last = Date.now();
  await shoot(ben, 'reactions', async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, last + 1100 - Date.now())));
    await react('🎉');
    last = Date.now();
    await ben.evaluate(() => document.getElementById('scores').scrollIntoView({ block: 'center' }));
  });
  // A mark goes after a few seconds.
  await ben.waitForSelector(mark, { state: 'detached', timeout: 10000 });
  for (const p of [ann, ben]) await p.context().close();
  lap('quick reactions: shown on both pages, the second at once refused in words, gone after a few seconds');
}
