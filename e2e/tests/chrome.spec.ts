import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiSession, openHome, type Session } from './support';

type Who = 'professional' | 'consultant' | 'admin';
const widths = [1440, 1280, 390] as const;

// Each journey has a page of its own and changes nothing on the server (the theme is the browser's): they share out
// among the workers, and log in through the API, once a worker. Logging in by the form is the login journeys'.
test.describe.configure({ mode: 'parallel' });
const sessions = {} as Record<Who, Session>;
test.beforeAll(async ({ server }) => {
  for (const who of ['professional', 'consultant', 'admin'] as const) sessions[who] = await apiSession(server, who);
});

/** Whether the header of this user is the mobile one at this width (spec 2.5: 1225 px, 2.6: 1325 px). */
const isMobile = (who: Who, width: number) => width < (who === 'admin' ? 1325 : 1225);

async function headerHeight(page: Page): Promise<number> {
  return (await page.getByTestId('header').boundingBox())?.height ?? 0;
}

async function expectLinks(page: Page, who: Who, mobile: boolean) {
  const main = page.getByRole('navigation', { name: 'Navegação principal' });
  if (who === 'admin') {
    await expect(main.getByRole('link')).toHaveText(['Visão geral', 'Usuários', 'Notas fiscais']);
    // The four groups of spec 2.6 and "Programa".
    await expect(main.getByTestId('admin-group')).toHaveCount(5);
    return;
  }
  const all =
    who === 'professional'
      ? [
          'Visão geral',
          'Extrato',
          'Notas fiscais',
          'Experiências',
          'Pontuação',
          'Categorias',
          'Regulamento',
          'Produtos',
        ]
      : ['Visão geral', 'Extrato', 'Notas fiscais', 'Pontuação', 'Categorias Profissionais', 'Regulamento', 'Produtos'];
  if (who === 'professional') all.push('Lojas');
  all.push('Kit de amostras', 'Fale conosco');
  // The side menu holds every link; on desktop the first 6 sit in the main bar and the rest below.
  await expect(main.getByRole('link')).toHaveText(mobile ? all : all.slice(0, 6));
  if (!mobile)
    await expect(page.getByRole('navigation', { name: 'Mais links' }).getByRole('link')).toHaveText(all.slice(6));
}

for (const who of ['professional', 'consultant', 'admin'] as const) {
  for (const width of widths) {
    test(`the ${who} header at ${width} px, light and dark`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page, sessions[who]);
      const mobile = isMobile(who, width);
      await expect(page.getByTestId('header')).toHaveAttribute('data-variant', mobile ? 'mobile' : 'desktop');
      expect(Math.round(await headerHeight(page))).toBe(mobile ? 65 : 130);
      // Nothing sticks out sideways: the page is exactly as wide as the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      if (who !== 'admin') {
        const badge = page.getByTestId('header-points');
        await expect(badge).toHaveText(who === 'consultant' ? /^[\d.,]+ Pts$/ : /^\S+ · [\d.,]+ Pts$/);
      }
      if (mobile) {
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        const drawer = page.getByRole('dialog');
        await expect(drawer).toBeVisible();
        // It slides in from the left over 300 ms.
        await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
        expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(Math.min(width, 576));
        await expectLinks(page, who, true);
        await page.screenshot({ path: `test-results/chrome/${who}-${width}-menu.png` });
        await page.getByRole('button', { name: 'Fechar' }).click();
        await expect(drawer).toBeHidden();
      } else {
        await expectLinks(page, who, false);
      }
      await page.getByRole('button', { name: 'Menu do usuário' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      expect(Math.round((await menu.boundingBox())?.width ?? 0)).toBe(290);
      await page.waitForTimeout(350); // let the menu finish fading in before the picture
      await page.screenshot({ path: `test-results/chrome/${who}-${width}-light.png` });
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: 'Menu do usuário' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Tema escuro' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expect(page.getByTestId('header')).toBeVisible();
      await page.screenshot({ path: `test-results/chrome/${who}-${width}-dark.png`, fullPage: true });
    });
  }
}

test('the footer has the chat, the privacy policy and the year on every page', async ({ page, request }) => {
  await page.goto('/login');
  const footer = page.locator('footer');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  for (const name of ['Fale conosco', 'Política de privacidade']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  const pdf = await request.get('/politica-de-privacidade.pdf');
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the login page has no header', async ({ page }) => {
  await openHome(page, sessions.professional);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByTestId('header')).toHaveCount(0);
});

for (const [who, width] of [
  ['consultant', 1225],
  ['professional', 1225],
  ['admin', 1325],
] as const) {
  test(`the ${who} desktop header fits its narrowest width, ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openHome(page, sessions[who]);
    await expect(page.getByTestId('header')).toHaveAttribute('data-variant', 'desktop');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}
