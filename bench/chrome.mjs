// npm run bench:chrome — prints a table: the JavaScript (compressed as served) the header adds to the shell, and how soon the user
// menu and the mobile menu are on screen after a click (median of 20), against one frame.
import { launchBrowser, median, printTable, recordScripts, startServer } from './support.mjs';

const FRAME_MS = 1000 / 60;
const server = await startServer(Number(process.env.BENCH_PORT || 8283));
const rows = [];

async function login(page) {
  await page.goto(`${server.base}/login`);
  await page.getByLabel('E-mail').fill('ana@especifica.dev');
  await page.getByLabel('Senha').fill('Especifica@2026');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('header').waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * From a click to the first animation frame that finds the selector, measured inside the page: the time and the
 * number of frames (1 means it is there in the very next frame after the click).
 */
async function openTime(page, trigger, selector) {
  return page.evaluate(
    ({ trigger, selector }) =>
      new Promise((resolve) => {
        const button = document.querySelector(trigger);
        const started = performance.now();
        let frames = 0;
        button.click();
        const check = () => {
          frames += 1;
          if (document.querySelector(selector)) resolve({ ms: performance.now() - started, frames });
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { trigger, selector },
  );
}

const summary = (samples) =>
  `${median(samples.map((s) => s.ms)).toFixed(1)} ms, ${median(samples.map((s) => s.frames))} frame(s)`;
const oneFrame = `1 frame (${FRAME_MS.toFixed(1)} ms at 60 Hz)`;

try {
  const browser = await launchBrowser();
  const shellOnly = (scripts) =>
    [...scripts.entries()]
      .filter(([url]) => !new URL(url).pathname.startsWith('/remotes/'))
      .reduce((sum, [, script]) => sum + script.bytes, 0);

  const anonymous = await browser.newPage();
  const loginScripts = recordScripts(anonymous);
  await anonymous.goto(`${server.base}/login`);
  await anonymous.getByLabel('E-mail').waitFor();
  await anonymous.waitForLoadState('networkidle');
  const withoutHeader = shellOnly(loginScripts);
  await anonymous.close();

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = recordScripts(page);
  await login(page);
  const added = (shellOnly(scripts) - withoutHeader) / 1024;
  rows.push(['JavaScript (as served) the header adds to the shell', `${added.toFixed(1)} KB`, '≤ 40 KB']);

  const userMenu = [];
  for (let i = 0; i < 20; i++) {
    userMenu.push(await openTime(page, 'button[aria-label="Menu do usuário"]', '[role="menu"]'));
    await page.keyboard.press('Escape');
    await page.locator('[role="menu"]').waitFor({ state: 'detached' });
  }
  rows.push(['user menu: click to on screen (median of 20)', summary(userMenu), oneFrame]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
  const mobileMenu = [];
  for (let i = 0; i < 20; i++) {
    mobileMenu.push(await openTime(page, 'button[aria-label="Abrir menu"]', '[role="dialog"][data-state="open"]'));
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'hidden' });
  }
  rows.push(['mobile menu: click to on screen (median of 20)', summary(mobileMenu), oneFrame]);
  await browser.close();
  printTable(rows);
} finally {
  server.stop();
}
