import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { buildAgainst, CURRENT_VERSION, loadedVersionsScript, NEXT_VERSION, nextSharedCopy } from '../support/variants';
import { test } from './fixtures';
import { apiSession, enterWith, loginAs } from './support';

// What must exist once at run time, whoever built against which mf-shared.
const SINGLETONS = ['react', 'react-dom', '@emotion/react', '@tanstack/react-query', '@especifica/mf-shared'];

const contentType = (file: string) =>
  file.endsWith('.js')
    ? 'application/javascript'
    : file.endsWith('.json')
      ? 'application/json'
      : file.endsWith('.html')
        ? 'text/html'
        : 'application/octet-stream';

/** Serves a built folder at a URL prefix, as a CDN would. */
async function serveFolder(page: Page, prefix: string, dir: string) {
  await page.route(`**${prefix}**`, (route) => {
    const file = path.join(dir, new URL(route.request().url()).pathname.slice(prefix.length));
    route.fulfill({ body: readFileSync(file), contentType: contentType(file) });
  });
}

async function expectOneRuntime(page: Page) {
  const loaded = await page.evaluate(loadedVersionsScript);
  for (const name of SINGLETONS) expect(loaded[name], `${name} loaded once`).toHaveLength(1);
  return loaded;
}

test.describe('a remote and the shell ship alone', () => {
  test.describe.configure({ timeout: 240_000 });
  let sharedNext: string;
  test.beforeAll(() => {
    sharedNext = nextSharedCopy();
  });

  test('a remote built against a newer mf-shared works beside the deployed shell', async ({ page, server }) => {
    const dist = buildAgainst('mf-participant', sharedNext, (src) => {
      // The release uses what only the newer mf-shared exports: the failure this journey guards against.
      const file = path.join(src, 'features', 'dashboard', 'components', 'dashboard-page.tsx');
      const original = readFileSync(file, 'utf8');
      const anchor = '<div className={parts}>';
      if (!original.includes(anchor)) throw new Error('the dashboard no longer has the anchor this patch uses');
      const source = `import { ReleaseProbe } from '@especifica/mf-shared/kit';\n${original.replace(anchor, `${anchor}\n<ReleaseProbe />`)}`;
      writeFileSync(file, source);
    });
    // Logged in before the first page, which is already the release's dashboard.
    await enterWith(page, await apiSession(server, 'professional'));
    const table = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    await serveFolder(page, '/remotes/mf_participant/next/', dist);
    await page.route('**/remotes.json', (route) =>
      route.fulfill({ json: { ...table, mf_participant: '/remotes/mf_participant/next/mf-manifest.json' } }),
    );
    await page.goto('/dashboard');
    // The release brings its own UI library, so it has more to download than a remote that shares the shell's.
    await expect(page.getByTestId('kit-release')).toHaveText(NEXT_VERSION, { timeout: 20_000 });
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(page.getByTestId('header-name')).toBeVisible();
    const loaded = await expectOneRuntime(page);
    // The header kept the shell's kit; the release brought its own.
    expect(loaded['@especifica/mf-shared/kit']).toEqual(
      expect.arrayContaining([`${CURRENT_VERSION}@shell`, `${NEXT_VERSION}@mf_participant`]),
    );
  });

  test('the shell built against a newer mf-shared keeps working with remotes built against the older one', async ({
    page,
  }) => {
    const dist = buildAgainst('shell', sharedNext);
    // The newer shell is deployed: its page and scripts at the root; the remotes stay as they are.
    await page.route(/^http:\/\/[^/]+\/(?!api\/|remotes)([^?]*)(\?.*)?$/, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      const file = name.includes('.') ? path.join(dist, name) : path.join(dist, 'index.html');
      try {
        route.fulfill({ body: readFileSync(file), contentType: contentType(file) });
      } catch {
        route.continue();
      }
    });
    await loginAs(page, 'professional');
    await expect(page.getByTestId('dashboard-points')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('header-name')).toBeVisible();
    await page.getByRole('link', { name: 'Ver extrato' }).click();
    await expect(page).toHaveURL(/\/(extract|dashboard)$/);
    const loaded = await expectOneRuntime(page);
    // The shell runs its newer UI library; each remote the one it was built with, from its own build.
    expect(loaded['@especifica/mf-shared/ui']).toContain(`${NEXT_VERSION}@shell`);
  });
});
