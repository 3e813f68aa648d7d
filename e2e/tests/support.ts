import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Especifica@2026';
export const demo = {
  professional: { email: 'ana@especifica.dev', name: 'Ana Arquiteta' },
  seller: { email: 'sergio@especifica.dev', name: 'Sérgio Vendedor' },
  consultant: { email: 'carla@especifica.dev', name: 'Carla Consultora' },
  admin: { email: 'admin@especifica.dev', name: 'Administradora Demo' },
};

/** Fills the login form that is on the page and submits it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

export async function loginAs(page: Page, who: 'professional' | 'seller' | 'consultant' | 'admin'): Promise<void> {
  if (who === 'admin') {
    await page.goto('/cms/login');
  } else {
    await page.goto('/login');
    if (who !== 'professional') await page.getByRole('button', { name: 'Sou lojista' }).click();
  }
  await submitLogin(page, demo[who].email);
  await expect(page).toHaveURL(who === 'admin' ? /\/cms\/dashboard$/ : /\/dashboard$/);
}

/** The access token the page keeps under local storage "store", to ask the API what the page should show. */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('store'));
  const token = raw ? (JSON.parse(raw) as { user?: { accessToken?: string } }).user?.accessToken : undefined;
  if (!token) throw new Error('no token in local storage');
  return token;
}

export const formatPoints = (points: number) =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(points);

/** Logout lives in the user menu opened from the avatar. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
}

/**
 * Types into a masked field key by key after clearing it, and checks what it holds. The mask library reads the
 * caret on a timer tick and refuses an input event that arrives before the tick after the previous one, so a
 * browser starved of CPU can swallow a keystroke that a person would see and retype: the helper retypes too.
 */
export async function typeMasked(field: Locator, digits: string): Promise<void> {
  const held = async () => (await field.inputValue()).replace(/[^0-9A-Za-z]/g, '');
  await expect(async () => {
    await field.fill('');
    await field.click();
    await field.pressSequentially(digits, { delay: 40 });
    expect(await held()).toBe(digits);
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
}
