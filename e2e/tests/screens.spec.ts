import { type CDPSession, expect, type Page } from '@playwright/test';
import { type JourneyServer, test } from './fixtures';
import { apiSession, enterWith, type Session } from './support';

// Screenshot baselines of the key screens at a phone's and a desktop's width (docs/screenshots.md): a change that
// moves a pixel of them fails here until its baseline is updated on purpose. They run in the "screens" project
// (playwright.config.ts), whose servers start their clock at one instant (serverClockAt), and the pages' clock is held
// there too: the demo data's dates, "3 days ago" and the charts' months draw the same on any day.

const widths = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
];

type Who = Session['who'];

interface Screen {
  name: string;
  who?: Who;
  path: string;
  dark?: boolean;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Promise<void>;
  /** What to do on the screen before the picture (open a drawer): the picture is then of the window, not the page. */
  open?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 15_000 });
};

/** A list screen is ready once its first row or card is drawn and no skeleton is left. */
const listed = (name: string | RegExp) => async (page: Page) => {
  await heading(name)(page);
  await expect(page.locator('main').getByText(/./).first()).toBeVisible();
};

const screens: Screen[] = [
  { name: 'login', path: '/login', ready: heading('Entrar') },
  { name: 'dashboard', who: 'professional', path: '/dashboard', ready: heading(/Olá/) },
  {
    name: 'dashboard-dark',
    who: 'professional',
    path: '/dashboard',
    dark: true,
    ready: heading(/Olá/),
  },
  { name: 'extract', who: 'professional', path: '/extract', ready: listed('Extrato') },
  {
    name: 'invoices',
    who: 'professional',
    path: '/invoices',
    ready: listed('Minhas notas fiscais'),
  },
  {
    name: 'experiences',
    who: 'professional',
    path: '/experiences',
    ready: listed(/Experiências/),
  },
  { name: 'profile', who: 'professional', path: '/profile', ready: heading('Meu perfil') },
  {
    name: 'cms-dashboard',
    who: 'admin',
    path: '/cms/dashboard',
    ready: heading('Visão geral do programa'),
  },
  {
    name: 'cms-dashboard-dark',
    who: 'admin',
    path: '/cms/dashboard',
    dark: true,
    ready: heading('Visão geral do programa'),
  },
  {
    name: 'cms-invoice-queue-drawer',
    who: 'admin',
    path: '/invoices?status=pending',
    ready: listed('Notas fiscais'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Abrir', exact: true }).first().click();
      await expect(page.getByRole('dialog', { name: /Nota fiscal/ })).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Produtos' })).toBeVisible();
    },
  },
  {
    name: 'cms-professionals',
    who: 'admin',
    path: '/cms/professionals',
    ready: listed('Profissionais'),
  },
  {
    name: 'cms-campaign-form-drawer',
    who: 'admin',
    path: '/cms/professionals/extra-points',
    ready: listed('Pontos extras de profissionais'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Novo' }).click();
      await expect(page.getByRole('dialog', { name: 'Nova campanha' })).toBeVisible();
    },
  },
];

// One login through the API per account and server (the rate limits count the logins of one e-mail).
const sessions = new Map<string, Promise<Session>>();
const sessionOf = (server: JourneyServer, who: Who) => {
  const key = `${server.url} ${who}`;
  if (!sessions.has(key)) sessions.set(key, apiSession(server, who));
  return sessions.get(key) as Promise<Session>;
};

/** The families of the fonts Chromium drew the page's texts with that are not the page's own web fonts. */
async function systemFontsDrawn(page: Page): Promise<string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    type Node = typeof root;
    const withText: number[] = [];
    const walk = (node: Node) => {
      if (node.children?.some((child) => child.nodeType === 3 && child.nodeValue.trim() !== ''))
        withText.push(node.nodeId);
      // Inputs draw their value and placeholder in a shadow tree of their own.
      if (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(node.nodeName)) withText.push(node.nodeId);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
    };
    walk(root);
    const families = new Set<string>();
    for (const nodeId of withText) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) if (!font.isCustomFont) families.add(`${font.familyName} (${font.glyphCount} glyphs)`);
    }
    return [...families];
  } finally {
    await cdp.detach();
  }
}

for (const width of widths) {
  test.describe(`at ${width.name} px`, () => {
    test.use({ viewport: width.viewport });

    for (const screen of screens) {
      test(`${screen.name} looks as its baseline`, async ({ page, server, serverClockAt }) => {
        if (!serverClockAt) throw new Error('the screenshots run in the "screens" project, whose clock is held');
        await page.clock.setFixedTime(new Date(serverClockAt));
        if (screen.dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        if (screen.who) await enterWith(page, await sessionOf(server, screen.who));
        await page.goto(screen.path);
        await screen.ready(page);
        // The typefaces are loaded once the first screen is shown (shell/src/typeface.ts): wait until both are in.
        await page.waitForFunction(() =>
          ['Inter Variable', 'Newsreader'].every((family) =>
            [...document.fonts].some((face) => face.family.replaceAll('"', '') === family && face.status === 'loaded'),
          ),
        );
        await page.evaluate(() => document.fonts.ready);
        await screen.open?.(page);
        // No skeleton, spinner or toast left.
        await expect(page.locator('.chakra-skeleton, [aria-busy=true]')).toHaveCount(0);
        expect(await systemFontsDrawn(page), 'texts drawn with a system font, not the pinned one').toEqual([]);
        await expect(page).toHaveScreenshot(`${screen.name}-${width.name}.png`, { fullPage: !screen.open });
      });
    }
  });
}
