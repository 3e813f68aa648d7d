import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiSession, enterWith } from './support';

// A signed-in page starts its header's and its screen's first reads before the query library has arrived, and
// draws the components that read them in the same moment: each read leaves once, not once per way it is asked.
for (const [who, path] of [
  ['professional', '/dashboard'],
  ['professional', '/extract'],
  ['professional', '/invoices'],
  ['admin', '/cms/dashboard'],
] as const) {
  test(`a fresh load of ${path} asks the API for each of its reads once`, async ({ page, server }) => {
    await enterWith(page, await apiSession(server, who));
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    // The reads leave once the first screen is shown, one per task: the page has read once none has left for 2 s.
    let seen = -1;
    await expect
      .poll(
        () => {
          const quiet = asked.length > 0 && asked.length === seen;
          seen = asked.length;
          return quiet;
        },
        { intervals: [2_000], timeout: 20_000 },
      )
      .toBe(true);
    expect(asked.filter((read, index) => asked.indexOf(read) !== index)).toEqual([]);
  });
}
