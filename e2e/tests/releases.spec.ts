import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { participantRelease, releaseCommand } from '../support/releases';
import { test } from './fixtures';
import { demo, loginAs, logout, submitLogin } from './support';

const root = path.resolve(__dirname, '../..');
const participant = path.join(root, 'mf-participant');
const BUILT = (
  JSON.parse(readFileSync(path.join(participant, 'dist', 'mf-manifest.json'), 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  }
).metaData.buildInfo.buildVersion;
const NEXT = '0.99.0';
const INCOMPATIBLE = '0.98.0';
const mark = (page: Page) => page.getByTestId('release-mark');
const banner = (page: Page) => page.getByTestId('remote-override-banner');

test.describe('a team releases, switches and rolls back its remote', () => {
  test.describe.configure({ timeout: 300_000 });

  test('switched with the command while the server runs, seen on the next navigation; rollback; refusals', async ({
    page,
    baseURL,
    server,
  }) => {
    const { releasesDir } = server;
    const next = participantRelease(NEXT);
    // The built mf-participant and a release that shows its version above the screens.
    expect(releaseCommand('release', ['--dist', 'dist'], releasesDir, participant).status).toBe(0);
    expect(releaseCommand('release', ['--dist', next], releasesDir, participant).status).toBe(0);
    const again = releaseCommand('release', ['--dist', next], releasesDir, participant);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`mf_participant ${NEXT} já foi publicada e uma versão publicada não muda.`);

    await loginAs(page, 'professional');
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(mark(page)).toHaveCount(0);
    const shellScript = await (await page.request.get('/main.js')).text();

    const used = releaseCommand('remotes', ['use', 'mf_participant', NEXT], releasesDir);
    expect(used.status, used.stderr).toBe(0);
    // No reload: leaving the area and coming back mounts the new version.
    await logout(page);
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demo.professional.email);
    await expect(mark(page)).toHaveText(`Versão ${NEXT}`);
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(page.getByTestId('header-name')).toBeVisible();

    const back = releaseCommand('remotes', ['rollback', 'mf_participant'], releasesDir);
    expect(back.status, back.stderr).toBe(0);
    await page.reload();
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(mark(page)).toHaveCount(0);
    expect(await (await page.request.get('/main.js')).text()).toBe(shellScript);

    // Ops copy in a build that wants another React: the command refuses it and nothing changes.
    const bad = path.join(releasesDir, 'mf_participant', INCOMPATIBLE);
    cpSync(next, bad, { recursive: true });
    for (const copy of ['.br', '.gz']) rmSync(path.join(bad, `mf-manifest.json${copy}`), { force: true });
    const manifestFile = path.join(bad, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      shared: { name: string; requiredVersion: string }[];
    };
    for (const entry of manifest.shared) if (entry.name === 'react') entry.requiredVersion = '^99.0.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const refused = releaseCommand('remotes', ['use', 'mf_participant', INCOMPATIBLE], releasesDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `mf_participant ${INCOMPATIBLE} é incompatível com o shell em uso e não foi ativada: mf_participant ${INCOMPATIBLE} exige react \\^99\\.0\\.0, mas o shell fornece react \\d+\\.\\d+\\.\\d+\\.`,
      ),
    );
    const table = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    expect(table.mf_participant).toBe(`/remotes/mf_participant/${BUILT}/mf-manifest.json`);

    // A developer points the area at the release from the browser: on localhost the override runs, with a banner;
    // on another host (127.0.0.1 is not on the allow-list) it is ignored.
    const override = `/remotes/mf_participant/${NEXT}/mf-manifest.json`;
    await page.evaluate((url) => localStorage.setItem('mf-override:mf_participant', url), override);
    await page.reload();
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(mark(page)).toHaveCount(0);

    const local = new URL(baseURL as string);
    local.hostname = 'localhost';
    await page.goto(new URL('/login', local).href);
    await page.evaluate((url) => localStorage.setItem('mf-override:mf_participant', url), override);
    await page.reload();
    await expect(banner(page)).toContainText(`Substituição de desenvolvimento ativa: mf_participant → ${override}`);
    await submitLogin(page, demo.professional.email);
    await expect(mark(page)).toHaveText(`Versão ${NEXT}`);
    await page.getByRole('button', { name: 'Remover substituições' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(mark(page)).toHaveCount(0);
  });
});
