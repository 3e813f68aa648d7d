import { expect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, enterWith, quietLiveStream } from './support';

// The design system's page (docs/design.md): an admin's, drawn in both themes at a phone's and a desktop's width.
test.describe.configure({ mode: 'parallel' });

for (const width of [1440, 390] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`an admin reads the design system at ${width} px, ${theme}`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 900 });
      await quietLiveStream(page);
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await enterWith(page, await apiSession(server, 'admin'));
      await page.goto('/cms/design');
      await expect(page.getByRole('heading', { level: 1, name: 'Sistema de design' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      // Every family's 11 steps, and the five emblems named by their materials' levels.
      await expect(page.getByTestId('design-swatch')).toHaveCount(13 * 11);
      for (const name of ['Bronze', 'Prata', 'Ouro', 'Diamante', 'Acima do 4º'])
        await expect(page.getByRole('img', { name })).toBeVisible();
      await expect(page.getByTestId('empty-state')).toBeVisible();
      // Nothing sticks out sideways, and no serious accessibility violation in its content.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await expectAccessible(page, `/cms/design ${width} ${theme}`, { include: ['main'] });
    });
  }
}

test('a professional who opens /cms/design is sent to the overview', async ({ page, server }) => {
  await quietLiveStream(page);
  await enterWith(page, await apiSession(server, 'professional'));
  await page.goto('/cms/design');
  await expect(page).toHaveURL(/\/dashboard$/);
});
