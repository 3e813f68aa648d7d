import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

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

type Who = 'professional' | 'seller' | 'consultant' | 'admin';

const loginRoutes: Record<Who, string> = {
  professional: '/api/auth/login',
  seller: '/api/auth/shopkeeper-login',
  consultant: '/api/auth/shopkeeper-login',
  admin: '/api/auth/admin-login',
};

/** A demo account's session as the app keeps it (local storage "store"), and where that account lands. */
export interface Session {
  who: Who;
  token: string;
  stored: string;
  home: '/dashboard' | '/cms/dashboard';
}

/**
 * Logs a demo account in through the login API, once for as many pages as need it: a journey that is not about
 * logging in need not load the login screen and its remote. The login journeys keep using the form.
 */
export async function apiSession(server: { url: string }, who: Who): Promise<Session> {
  const response = await fetch(`${server.url}${loginRoutes[who]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo[who].email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`the login of ${demo[who].email} answered ${response.status}`);
  const { accessToken, user, loginAllUsers } = (await response.json()) as {
    accessToken: string;
    user: object;
    loginAllUsers?: boolean;
  };
  // What the login screen keeps (session store, spec 3): the user with the token, no score yet, the accounts flag.
  const stored = JSON.stringify({
    user: { ...user, accessToken },
    score: null,
    loginAllUsers: loginAllUsers === true,
  });
  return { who, token: accessToken, stored, home: who === 'admin' ? '/cms/dashboard' : '/dashboard' };
}

/**
 * Puts the session where the app reads it before the page's first document runs, as if its login had just ended;
 * later navigations and reloads find it there, and a logout in the page is not undone.
 */
export async function enterWith(page: Page, session: Session): Promise<void> {
  await page.addInitScript((stored) => {
    try {
      if (sessionStorage.getItem('e2e-session-entered')) return;
      sessionStorage.setItem('e2e-session-entered', '1');
      localStorage.setItem('store', stored);
    } catch {
      // A document without storage (about:blank) has no app to read it.
    }
  }, session.stored);
}

/** Enters with the session and opens the account's landing screen, as `loginAs` ends. */
export async function openHome(page: Page, session: Session): Promise<void> {
  await enterWith(page, session);
  await page.goto(session.home);
  await expect(page).toHaveURL(new RegExp(`${session.home.replaceAll('/', '\\/')}$`));
}

/** The access token the page keeps under local storage "store", to ask the API what the page should show. */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('store'));
  const token = raw ? (JSON.parse(raw) as { user?: { accessToken?: string } }).user?.accessToken : undefined;
  if (!token) throw new Error('no token in local storage');
  return token;
}

/** Signs in as the admin: the session's token and the headers that send it to the API, as the page does. */
export async function adminSession(page: Page): Promise<{ token: string; headers: { Authorization: string } }> {
  await loginAs(page, 'admin');
  const token = await storedToken(page);
  return { token, headers: { Authorization: `Bearer ${token}` } };
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

/**
 * Picks the product of an invoice form's line as a person does: types part of its name, brand or SKU in the line's
 * search and chooses the option of the catalogue that the search finds. `check`, when given, runs with the list open.
 */
export async function pickProduct(
  drawer: Locator,
  search: string,
  option: RegExp,
  { line = 0, check }: { line?: number; check?: () => Promise<void> } = {},
): Promise<void> {
  const input = drawer.getByRole('combobox', { name: 'Produto' }).nth(line);
  await input.fill(search);
  const choice = drawer.getByRole('option', { name: option });
  await expect(choice).toBeVisible({ timeout: 15_000 });
  await check?.();
  await choice.click();
  // Chosen: the list closes and the box names the product (its name and SKU) instead of the search.
  await expect(drawer.getByRole('listbox')).toHaveCount(0);
  await expect(input).not.toHaveValue(search);
}

/** A demo person's extract, newest first, read through the API with their own login. */
export async function extractOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const extract = await request.get('/api/professionals/extract/get-all', {
    params: { limit: 100, page: 1, sort: '-createdAt' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(extract.ok()).toBe(true);
  return (await extract.json()) as {
    balance: number;
    items: { kind: string; points: number; sourceId: string; reason: string }[];
  };
}

/**
 * Answers the page's live event stream (GET /api/events) with an empty one that asks to be tried again in 30 s.
 * The real stream stays open for the whole visit, so a test that waits for a quiet network ('networkidle') to
 * measure the first screen never sees one; the live updates have their own journey (live-updates.spec.ts).
 */
export async function quietLiveStream(page: Page): Promise<void> {
  await page.route('**/api/events', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 30000\n\n' }),
  );
}

/** The demo's first store and an active product's SKU, as an admin's token reads them: what an invoice sent in a test names. */
export async function firstStoreAndSku(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const stores = await request.get('/api/cms/stores/get-all', { params: { limit: 1, page: 1 }, headers });
  const storeId = ((await stores.json()) as { items: { id: string }[] }).items[0]?.id;
  const products = await request.get('/api/products/get-all', { params: { limit: 100, page: 1 }, headers });
  const sku = ((await products.json()) as { items: { sku: string; active: boolean }[] }).items.find(
    (product) => product.active,
  )?.sku;
  if (!storeId || !sku) throw new Error('the demo data has a store and an active product');
  return { storeId, sku };
}

/** The module-11 check digit of an NF-e access key (characters count by their code minus 48). */
function keyDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

/** The store of the demo's shopkeepers (Sérgio, Carla, Mônica). */
export const demoStore = { cnpj: '12345678000195', name: 'Casa & Acabamento Demo' };

/**
 * One of Ana's demo NF-e XMLs of the store with `storeCnpj` (the demo store's unless given), read with her token, made
 * into another invoice of the same store: a new number and its access key. The store's signature would no longer
 * match, so it is taken out: the copy arrives as an unsigned NF-e (docs/invoice-trust.md), which waits for a human
 * review. Her newest invoice may be a PDF, so the store is always named; and the oldest XML of them is taken, the demo's
 * own: a journey running on the same server may have just sent her another (issue 42's, of series 42), which a
 * journey copying her newest would read in place of the demo's.
 */
export async function renumberedDemoNfe(
  request: APIRequestContext,
  anaToken: string,
  number: number,
  storeCnpj = demoStore.cnpj,
): Promise<Buffer> {
  const headers = { authorization: `Bearer ${anaToken}` };
  const invoices = await request.get('/api/professionals/invoices/get-all?limit=100', { headers });
  expect(invoices.ok()).toBe(true);
  // Oldest first: the demo's own, before any a journey sent her; the first that is an XML (a DANFE PDF has a key too).
  const candidates = (
    (await invoices.json()) as { items: { id: string; accessKey: string | null; store: { cnpj: string } }[] }
  ).items
    .filter((invoice) => invoice.accessKey && invoice.store.cnpj === storeCnpj)
    .reverse();
  let xml = '';
  for (const candidate of candidates) {
    const file = await request.get(`/api/professionals/invoices/${candidate.id}/file`, { headers });
    expect(file.ok()).toBe(true);
    const text = await file.text();
    if (text.trimStart().startsWith('<')) {
      xml = text;
      break;
    }
  }
  if (!xml) throw new Error(`Ana has no demo NF-e XML of the store ${storeCnpj}`);
  const key = /Id="NFe(\w{44})"/.exec(xml)?.[1] ?? '';
  const first43 = `${key.slice(0, 25)}${String(number).padStart(9, '0')}${key.slice(34, 43)}`;
  const next = `${first43}${keyDigit(first43)}`;
  const renumbered = xml.replaceAll(key, next).replace(/<nNF>\d+<\/nNF>/, `<nNF>${number}</nNF>`);
  return Buffer.from(renumbered.replace(/<Signature[\s\S]*<\/Signature>/, ''));
}

/** Opens a shopkeeper's "Registrar venda" on /invoices and gives it the XML: the drawer, once it shows the number read. */
export async function startSale(page: Page, xml: Buffer, number: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Registrar venda' }).click();
  const drawer = page.getByRole('dialog', { name: 'Registrar venda' });
  await drawer
    .getByLabel('Arquivo da nota fiscal')
    .setInputFiles({ name: 'nota.xml', mimeType: 'text/xml', buffer: xml });
  await expect(drawer.getByTestId('nfe-reading')).toContainText(String(number), { timeout: 10_000 });
  return drawer;
}

/** Sends the sale's drawer for the professional of that CPF or e-mail. */
export async function sendSaleFor(drawer: Locator, professional: string): Promise<void> {
  await drawer.getByLabel('CPF ou e-mail do profissional').fill(professional);
  await drawer.getByRole('button', { name: 'Confirmar e enviar' }).click();
}

/**
 * Checks that a toast is drawn below the header, never over its points, bell or avatar: its top is at or under the
 * header's bottom, and it is in view.
 */
export async function expectBelowHeader(page: Page, toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  const header = await page.getByTestId('header').boundingBox();
  const drawn = await toast.boundingBox();
  if (!header || !drawn) throw new Error('the header or the toast has no box');
  expect(drawn.y).toBeGreaterThanOrEqual(header.y + header.height);
}
