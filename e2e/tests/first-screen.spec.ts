import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { loginAs } from './support';

/** The layout shift of a fresh load of `path`, as the browser scores it (CLS counts the same entries). */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await expect(page.getByTestId('header')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
}

for (const [who, path] of [
  ['professional', '/dashboard'],
  ['admin', '/cms/dashboard'],
] as const) {
  for (const width of [1440, 390]) {
    test(`the ${who}'s page does not move when the header mounts above it, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, who);
      expect(await layoutShiftOf(page, path)).toBeLessThan(0.01);
    });
  }
}

test("the page carries Chakra's global stylesheet once, from the build, before every other style", async ({ page }) => {
  await loginAs(page, 'professional');
  await page.goto('/extract');
  await expect(page.locator('main h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sheets = await page.evaluate(() => ({
    built: [...document.querySelectorAll('style[data-chakra-global]')].map((style) => ({
      first: style === document.head.firstElementChild,
      tokens: Boolean(style.textContent?.includes('--chakra-colors-primary-600:')),
    })),
    // What Chakra's provider and emotion would draw if the build had not: global sheets of emotion.
    emotion: document.querySelectorAll('style[data-emotion^="css-global"]').length,
    primary: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-primary-600').trim(),
  }));
  expect(sheets).toEqual({ built: [{ first: true, tokens: true }], emotion: 0, primary: '#1c8567' });
});
