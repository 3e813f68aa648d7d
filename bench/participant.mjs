// npm run bench:participant — prints a table: for each participant screen, how long it takes to open after the first
// page (a navigation inside the app, as a click on the header does) until its content is on screen with no loading
// state left, median of several rounds, and the scripts (as served) its first opening downloads: its own chunk plus
// any shared chunk no earlier screen needed, so an upper bound of its own chunk.
import { launchBrowser, median, recordScripts, startServer } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 7);
const TARGET_MS = 300;
const CHUNK_TARGET_KB = 40;

const people = [
  {
    email: 'ana@especifica.dev',
    routes: [
      '/extract',
      '/invoices',
      '/experiences',
      '/customers',
      '/notifications',
      '/faq',
      '/categories',
      '/regulation',
      '/score',
      '/products',
      '/stores',
      '/accelerators',
    ],
  },
  { email: 'sergio@especifica.dev', login: '/api/auth/shopkeeper-login', routes: ['/invites', '/ranking'] },
];

const server = await startServer(Number(process.env.BENCH_PORT || 8284));

async function login(page, { email, login = '/api/auth/login' }) {
  const answer = await fetch(`${server.base}${login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Especifica@2026' }),
  });
  const body = await answer.json();
  // The session goes in before any of the app's scripts run (a page of the same origin with none).
  await page.goto(`${server.base}/api/health`);
  await page.evaluate(
    (user) => localStorage.setItem('store', JSON.stringify({ user, score: null, loginAllUsers: false })),
    { ...body.user, accessToken: body.accessToken },
  );
  await page.goto(`${server.base}/dashboard`);
  await page.getByTestId('header').waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * Inside the page: from the navigation to the first animation frame where the page area has a heading other than the
 * one it had, and no loading state (skeletons) left.
 */
function openTime(page, route) {
  return page.evaluate(
    (route) =>
      new Promise((resolve, reject) => {
        if (window.location.pathname === route) return resolve(0);
        const area = () => document.querySelector('#page') ?? document.body;
        const before = area().querySelector('h1')?.textContent;
        const started = performance.now();
        window.singleSpaNavigate(route);
        const check = () => {
          const heading = area().querySelector('h1')?.textContent;
          const busy = area().querySelector('[aria-busy="true"]');
          if (heading && heading !== before && !busy) resolve(performance.now() - started);
          else if (performance.now() - started > 15_000) reject(new Error(`${route} did not open`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    route,
  );
}

const rows = [];
try {
  const browser = await launchBrowser();
  for (const person of people) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, person);
    const samples = new Map(person.routes.map((route) => [route, []]));
    const chunks = new Map();
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of person.routes) {
        // Each opening starts from the overview, as a person going back and forth does.
        await openTime(page, '/dashboard');
        const scripts = round === 0 ? recordScripts(page) : null;
        const ms = await openTime(page, route);
        // The first round downloads the screen's chunks (not counted as "after the first" once cached).
        if (round === 0) {
          await page.waitForLoadState('networkidle');
          const kb = [...scripts.entries()]
            .filter(([url]) => new URL(url).pathname.includes('/remotes/'))
            .reduce((sum, [, script]) => sum + script.bytes, 0);
          chunks.set(route, kb / 1024);
          page.removeAllListeners('requestfinished');
        } else samples.get(route).push(ms);
      }
    }
    for (const route of person.routes) {
      rows.push([
        `${route} (${person.email.split('@')[0]})`,
        `${median(samples.get(route)).toFixed(0)} ms`,
        `≤ ${TARGET_MS} ms`,
        `${chunks.get(route).toFixed(1)} KB`,
        `≤ ${CHUNK_TARGET_KB} KB`,
      ]);
    }
    await page.close();
  }
  await browser.close();
} finally {
  server.stop();
}

console.log(
  `\nParticipant screens: opening after the first page (median of ${ROUNDS - 1} rounds, from a navigation to content with no loading state) and the scripts its first opening downloads, as served (own chunk plus shared chunks first needed there)`,
);
console.log('\n| screen | open (median) | target | own chunks | target |\n|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
