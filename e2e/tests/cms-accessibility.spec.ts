import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, enterWith, quietLiveStream } from './support';

// Every screen of the admin area (the CMS router's screens, as the product's screen list names them) at 1440 px:
// its content on screen, then no serious or critical accessibility violation in it or in an open dialog.
const screens = [
  '/cms/dashboard',
  '/invoices',
  '/invoices/conference',
  '/cms/users',
  '/cms/profile',
  '/cms/professionals',
  '/cms/professionals/:id',
  '/cms/professionals/customers',
  '/cms/professionals/invoices',
  '/cms/shopkeepers/invoices',
  '/cms/professionals/extra-points',
  '/cms/shopkeepers/extra-points',
  '/cms/professionals/extra-points-history',
  '/cms/shopkeepers/extra-points-history',
  '/cms/professionals/experiences',
  '/cms/professionals/experiences-types',
  '/cms/shopkeepers/experiences',
  '/cms/shopkeepers/experiences-types',
  '/cms/shopkeepers',
  '/cms/shopkeepers/users',
  '/cms/shopkeepers/import',
  '/cms/products/import',
  '/cms/products/list',
  '/cms/accelerators',
  '/cms/reports/professionals-ranking',
  '/cms/reports/store-ranking',
  '/cms/reports/seller-ranking',
  '/cms/reports/export-specifications',
  '/cms/reports/export-store-users',
  '/cms/notifications',
  '/cms/programme/levels',
  '/cms/programme/settings',
  '/cms/programme/regulation',
  '/cms/programme/faq',
  '/cms/programme/audit',
];

const content = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

test.describe('every admin screen at 1440 px', () => {
  // The screens are only read: they share out among the workers, each with one page and one login.
  test.describe.configure({ mode: 'parallel' });
  let page: Page;
  let anaId: string;

  // One login through the API for the whole sweep of a worker (again after a failure, in a new worker).
  test.beforeAll(async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
    });
    page = await context.newPage();
    await quietLiveStream(page);
    const session = await apiSession(server, 'admin');
    await enterWith(page, session);
    const token = session.token;
    const found = await page.request.get('/api/cms/professionals/get-all', {
      params: { search: 'ana@especifica.dev', page: 1, limit: 1 },
      headers: { Authorization: `Bearer ${token}` },
    });
    const [ana] = ((await found.json()) as { items: { id: string }[] }).items;
    if (!ana) throw new Error('the demo data has no Ana');
    anaId = ana.id;
  });
  test.afterAll(() => page?.context().close());

  for (const screen of screens) {
    test(`${screen} has no serious or critical violation`, async () => {
      const path = screen.replace(':id', anaId);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
      await expect(page.locator('main h1')).toBeVisible();
      // Loaded: no placeholder of a list, card or chart left, and nothing still fetching.
      await expect(page.getByTestId('loading-state')).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path, content);
    });
  }
});
