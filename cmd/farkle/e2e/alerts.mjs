// The browser test of "your turn, even when you look away" (issue 32,
// item 3) and the presence marks and stale notices (item 7/10): two
// browsers in one game, Ann and Bob. It checks the tab's title and icon
// as the turn comes and goes (and after Bob's rename), the sound toggle
// kept, the notification asked for only on its button and made only
// when the page is hidden, the manifest, the service worker and an
// offline reload that shows the game as last seen, marked offline, the
// notice gone once connected again, and Bob's presence as his page
// closes. Screenshots at 390 by 844 and 1280 by 800, light and dark.

import path from 'node:path';

// alertsTest runs the test against the server at base; h holds the
// helpers of test.mjs.
export async function alertsTest(base, h) {
  const { launch, axeScan, overflowing, playMove, waitReady, fail, lap, shots, MESSAGES_EN } = h;
  const errors = [];
  let offline = false;
  const watch = (page, label) => {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // Offline, the requests that fail are logged: the test made them fail.
      if (offline && /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to fetch|net::ERR_/.test(msg.text())) return;
      errors.push(`${label} console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${label} page error: ${err.message}`));
  };

  // shoot takes the screenshots of Ann's page at 390 by 844 (the
  // scoreboard in view) and 1280 by 800, light and dark, as name.
  const shoot = async (p, name) => {
    for (const [size, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
      await p.setViewportSize(vp);
      for (const scheme of ['light', 'dark']) {
        await p.emulateMedia({ colorScheme: scheme });
        await p.evaluate((phone) => (phone ? document.querySelector('.side').scrollIntoView() : window.scrollTo(0, 0)), size === 'phone');
        await p.screenshot({ path: path.join(shots, `${size}-${name}-${scheme}.png`) });
      }
    }
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.emulateMedia({ colorScheme: 'light' });
  };

  // Ann's browser counts the permission asked and the notifications made.
  const ann = await launch({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  await ann.addInitScript(() => {
    const N = window.Notification;
    if (!N) return;
    window.__asked = 0;
    window.__notes = [];
    const ask = N.requestPermission.bind(N);
    N.requestPermission = (...a) => {
      window.__asked++;
      return ask(...a);
    };
    window.Notification = class extends N {
      constructor(title, opts) {
        super(title, opts);
        window.__notes.push({ title, body: opts?.body || '' });
      }
    };
  });
  await ann.grantPermissions(['notifications'], { origin: base });
  const a = ann.pages()[0] || await ann.newPage();
  watch(a, 'alerts-ann');
  const streams = []; // the URLs of Ann's event streams
  a.on('request', (req) => {
    if (req.url().includes('/stream')) streams.push(req.url());
  });
  await a.goto(base + '/');
  await a.fill('#name', 'Ann');
  await a.fill('#target-input', '10000');
  await a.selectOption('#seat2', 'human');
  await a.click('button[type=submit]');
  await a.waitForURL(/\/g\/[0-9a-f]{24}$/);
  await a.waitForFunction(() => document.body.dataset.turn === 'mine');
  const id = await a.evaluate(() => document.body.dataset.gameId);
  const invite = await a.inputValue('#seat-links li:not(.own) input');

  // The title and icon of the player's turn; none of a watcher's.
  const tab = (p) => p.evaluate(() => ({ title: document.title, icon: document.getElementById('icon').getAttribute('href') }));
  let ta = await tab(a);
  if (!ta.title.startsWith(MESSAGES_EN['my.yourTurn'] + ' · Farkle: Ann vs ') || ta.icon !== '/static/icon-turn.svg') fail('Ann\'s turn: the tab says ' + JSON.stringify(ta));

  // Bob takes the invite, and names himself: Ann's title says so.
  const bob = await launch({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', isMobile: true, hasTouch: true });
  const b = bob.pages()[0] || await bob.newPage();
  watch(b, 'alerts-bob');
  await b.goto(invite);
  await b.waitForSelector('#name-dialog[open]');
  await b.fill('#name-input', 'Bob');
  await b.click('#name-ok');
  await b.waitForFunction(() => document.body.dataset.turn === 'other' && document.title === 'Farkle: Ann vs Bob');
  if ((await tab(b)).icon !== '/static/icon.svg') fail('Bob, not to play, has the icon of the turn');
  await a.waitForFunction(() => document.title.endsWith('Farkle: Ann vs Bob'), null, { timeout: 10000 });

  // Presence: each sees the other here; nobody sees a mark of their own.
  const mark = (p, seat) => p.evaluate((s) => {
    const m = document.querySelector(`#scores tr[data-seat="${s}"] .presence`);
    return m ? { state: m.dataset.state, text: m.textContent } : null;
  }, seat);
  await a.waitForFunction(() => document.querySelector('#scores tr[data-seat="1"] .presence')?.dataset.state === 'here', null, { timeout: 10000 });
  await b.waitForFunction(() => document.querySelector('#scores tr[data-seat="0"] .presence')?.dataset.state === 'here', null, { timeout: 10000 });
  if (await mark(a, 0) || await mark(b, 1)) fail('a player sees a presence mark of their own');
  if ((await mark(a, 1)).text !== MESSAGES_EN['presence.here']) fail('Bob\'s mark: ' + JSON.stringify(await mark(a, 1)));
  await shoot(a, 'alerts');

  // The sound: off at first, on with its toggle, kept for the next page.
  if (await a.getAttribute('#sound-toggle', 'aria-pressed') !== 'false') fail('the sound is on by default');
  if (await a.evaluate(() => document.body.dataset.chimes)) fail('a chime before the player asked for sound');
  await a.click('#sound-toggle');
  if (await a.getAttribute('#sound-toggle', 'aria-pressed') !== 'true') fail('the sound toggle did not turn on');
  await a.waitForFunction(() => document.body.dataset.chimes === '1'); // what it sounds like
  await a.reload();
  await a.waitForFunction(() => document.body.dataset.turn === 'mine');
  if (await a.getAttribute('#sound-toggle', 'aria-pressed') !== 'true') fail('the sound toggle is not kept');
  if (await a.evaluate(() => localStorage.getItem('farkle:sound')) !== '1') fail('the sound is not kept in localStorage');
  await a.waitForFunction(() => document.querySelector('#scores tr[data-seat="1"] .presence')?.dataset.state === 'here', null, { timeout: 10000 });
  await axeScan(a, 'a game with the turn alerts and presence marks');

  // hide emulates a page hidden (or shown again).
  const hide = (p, on) => p.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, on);
  // round plays Ann's turn to its end, then Bob's, until Ann is to play.
  const round = async () => {
    for (let i = 0; i < 40 && await a.evaluate(() => document.body.dataset.turn === 'mine'); i++) {
      if (!(await playMove(a, { bankAt: 50 }))) fail('the game of the alerts ended');
    }
    await b.waitForFunction(() => document.body.dataset.turn === 'mine', null, { timeout: 15000 });
    const bobChimes = await b.evaluate(() => document.body.dataset.chimes || '');
    const title = await b.title();
    if (!title.startsWith(MESSAGES_EN['my.yourTurn'])) fail('Bob\'s turn: his tab says ' + title);
    if ((await tab(a)).icon !== '/static/icon.svg') fail('Bob\'s turn: Ann\'s icon is still that of her turn');
    for (let i = 0; i < 40 && await b.evaluate(() => document.body.dataset.turn === 'mine'); i++) {
      if (!(await playMove(b, { bankAt: 50, tap: true }))) fail('the game of the alerts ended');
    }
    await a.waitForFunction(() => document.body.dataset.turn === 'mine', null, { timeout: 15000 });
    await waitReady(a);
    return bobChimes;
  };

  // Hidden, notifications not turned on: the turn comes with a chime and
  // the tab's title and icon, and no notification; nothing was asked.
  // Bob's sound is on, but his page, opened again, has had no click or
  // key: his turn comes without a chime; after his taps, with one.
  await b.evaluate(() => localStorage.setItem('farkle:sound', '1'));
  await b.reload();
  await b.waitForFunction(() => document.body.dataset.turn === 'other');
  await hide(a, true);
  if (await round() !== '') fail('Bob\'s turn chimed before he touched his page');
  ta = await tab(a);
  if (!ta.title.startsWith(MESSAGES_EN['my.yourTurn']) || ta.icon !== '/static/icon-turn.svg') fail('Ann\'s turn again: the tab says ' + JSON.stringify(ta));
  if (await a.evaluate(() => document.body.dataset.chimes) !== '1') fail('no chime when the turn came: ' + await a.evaluate(() => document.body.dataset.chimes));
  let seen = await a.evaluate(() => ({ asked: window.__asked, notes: window.__notes }));
  if (seen.asked !== 0 || seen.notes.length) fail('notifications before the player turned them on: ' + JSON.stringify(seen));

  // Turned on with the button (which asks), the next turn notifies while
  // the page is hidden, and not while it is shown.
  await hide(a, false);
  await a.click('#notify-toggle');
  await a.waitForFunction(() => document.getElementById('notify-toggle').getAttribute('aria-pressed') === 'true');
  if (await a.evaluate(() => window.__asked) !== 1) fail('the button did not ask for the permission once');
  if (await a.evaluate(() => localStorage.getItem('farkle:notify')) !== '1') fail('the notifications are not kept');
  if (await round() !== '1') fail('Bob\'s turn, after his taps, did not chime'); // Ann's page shown: no notification
  if ((await a.evaluate(() => window.__notes)).length) fail('a notification while the page is shown');
  await hide(a, true);
  await round();
  seen = await a.evaluate(() => window.__notes);
  if (seen.length !== 1 || seen[0].title !== MESSAGES_EN['alert.notifyTitle'] || !seen[0].body.includes('Ann, Bob')) fail('hidden, the turn made the notifications ' + JSON.stringify(seen));
  await hide(a, false);

  // Bob's page closes: Ann sees him gone, last seen a moment ago.
  await b.close();
  await a.waitForFunction(() => document.querySelector('#scores tr[data-seat="1"] .presence')?.dataset.state === 'away', null, { timeout: 10000 });
  const gone = await mark(a, 1);
  if (gone.text !== 'last seen a moment ago') fail('Bob gone: ' + JSON.stringify(gone));

  // The manifest, as the browser reads it.
  const man = await a.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]').href;
    const res = await fetch(href);
    return { type: res.headers.get('Content-Type'), m: await res.json() };
  });
  const m = man.m;
  if (man.type !== 'application/manifest+json' || m.name !== 'Farkle' || m.display !== 'standalone' || m.start_url !== '/' || !m.theme_color ||
    !m.icons.some((i) => i.sizes === '192x192') || !m.icons.some((i) => i.sizes === '512x512')) fail('the manifest: ' + JSON.stringify(man));

  // The service worker controls the page, and the game's copy is kept.
  await a.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  const n = await a.evaluate(() => document.body.dataset.events);
  await a.waitForFunction((want) => document.body.dataset.copy === want, n, { timeout: 10000 });
  const scores = () => a.evaluate(() => [...document.querySelectorAll('#scores tr')].map((tr) => tr.querySelector('.score').textContent));
  const before = await scores();

  // Offline, the page opens to the game as last seen, marked offline.
  offline = true;
  await ann.setOffline(true);
  await a.reload();
  await a.waitForFunction(() => document.body.dataset.copyShown === '1', null, { timeout: 15000 });
  const notice = await a.textContent('#notice');
  if (!notice.startsWith('You are offline: this is the game as this browser last saw it')) fail('offline, the notice says ' + notice);
  if (await a.textContent('#conn') !== MESSAGES_EN['conn.offline']) fail('offline, the connection says ' + await a.textContent('#conn'));
  if (JSON.stringify(await scores()) !== JSON.stringify(before)) fail(`offline, the scores are ${await scores()}, were ${before}`);
  if (await a.evaluate(() => document.body.dataset.events) !== n) fail('offline, the game shown is not the last seen');
  if (await a.evaluate(() => document.querySelectorAll('#history li').length) === 0) fail('offline, no history');
  // Her turn, offline: no move can be sent, and the buttons say so.
  if (!(await a.isDisabled('#roll')) || !(await a.isDisabled('#bank'))) fail('offline, Roll or Bank can be pressed');
  if (await a.textContent('#why') !== MESSAGES_EN['why.offline']) fail('offline, under the buttons: ' + await a.textContent('#why'));
  if (await a.textContent('#status') !== MESSAGES_EN['status.offline']) fail('offline, the status line says ' + await a.textContent('#status'));
  if (await a.textContent('.no-dice') !== MESSAGES_EN['status.offline']) fail('offline, the dice say ' + await a.textContent('.no-dice'));
  const rulesLine = () => a.textContent('#rules-name');
  if (!(await rulesLine()).startsWith('App · to 10,000')) fail('offline, the rules line says ' + await rulesLine());
  await axeScan(a, 'a game opened offline');
  for (const width of [320, 390]) {
    await a.setViewportSize({ width, height: 844 });
    const o = await overflowing(a);
    if (o.over > 0) fail(`a game opened offline at ${width} px: ${o.over} px too wide: ${o.out.join('; ')}`);
  }
  await a.evaluate(() => window.scrollTo(0, 0));
  for (const [size, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    await a.setViewportSize(vp);
    for (const scheme of ['light', 'dark']) {
      await a.emulateMedia({ colorScheme: scheme });
      await a.screenshot({ path: path.join(shots, `${size}-offline-${scheme}.png`) });
    }
  }

  // The home page, offline (the installed app's start): the game is in
  // Ann's games, as last seen.
  await a.goto(base + '/');
  await a.waitForSelector('#my-games[data-ready="1"]');
  if (!(await a.isVisible(`#my-list li[data-id="${id}"]`))) fail('offline, the home page does not list the game');
  const listed = await a.textContent(`#my-list li[data-id="${id}"] .my-scores`);
  if (!listed.includes(before[0]) || !listed.includes(before[1])) fail(`offline, the home page lists the game with ${listed}, not the scores ${before}`);
  await a.goBack();
  await a.waitForFunction(() => document.body.dataset.copyShown === '1', null, { timeout: 15000 });

  // Back online: connected, the offline notice gone, Ann in her seat.
  await ann.setOffline(false);
  await a.waitForFunction(() => document.body.dataset.conn === 'connected', null, { timeout: 15000 });
  offline = false;
  await a.waitForFunction(() => document.getElementById('notice').hidden, null, { timeout: 5000 }).catch(async () => fail('connected again, the page still says: ' + await a.textContent('#notice')));
  await a.waitForFunction(() => document.body.dataset.turn === 'mine', null, { timeout: 10000 });
  await a.waitForFunction(() => !document.getElementById('roll').disabled, null, { timeout: 5000 }).catch(() => fail('connected again, Roll is still off'));
  await a.waitForFunction(() => document.querySelector('#scores tr[data-seat="1"] .presence')?.dataset.state === 'away', null, { timeout: 10000 });
  if (!(await rulesLine()).startsWith('App · to 10,000')) fail('connected again, the rules line says ' + await rulesLine());
  for (const width of [320, 390]) {
    await a.setViewportSize({ width, height: 844 });
    const o = await overflowing(a);
    if (o.over > 0) fail(`a game with the alerts at ${width} px: ${o.over} px too wide: ${o.out.join('; ')}`);
  }
  await shoot(a, 'away');
  // Every language at 320 px: the toggles and Bob's mark in its words,
  // no overflow.
  await a.setViewportSize({ width: 320, height: 700 });
  for (const lang of ['cs', 'fi', 'nl', 'en']) {
    await a.selectOption('#lang', lang);
    await a.waitForFunction((l) => document.body.dataset.lang === l, lang, { timeout: 10000 });
    const words = await a.evaluate(() => [document.getElementById('sound-toggle').textContent, document.querySelector('#scores tr[data-seat="1"] .presence').textContent]);
    if (lang !== 'en' && (words[0] === MESSAGES_EN['alert.sound'] || words[1].includes('last seen'))) fail(`in ${lang}, the alerts say ${words}`);
    const o = await overflowing(a);
    if (o.over > 0) fail(`a game with the alerts at 320 px in ${lang}: ${o.over} px too wide: ${o.out.join('; ')}`);
  }
  await a.setViewportSize({ width: 1280, height: 800 });
  await axeScan(a, 'a game with a player gone');
  // The streams carried Ann's key, never her token, which could move.
  const token = await a.evaluate((k) => Object.values(JSON.parse(localStorage.getItem(k)).tokens)[0], 'farkle:seats:' + id);
  if (!streams.length || streams.some((u) => u.includes(token)) || !streams.every((u) => /[?&]key=[0-9a-f]{64}(&|$)/.test(u))) fail('the streams\' URLs: ' + streams.join(' '));
  await bob.close();
  await ann.close();
  if (errors.length) fail('errors in the pages of the alerts:\n  ' + errors.join('\n  '));
  lap(`alerts: the tab's title and icon on the turn, the sound kept, a notification only when asked for and hidden, the manifest, an offline reload of game ${id} as last seen, presence`);
}
