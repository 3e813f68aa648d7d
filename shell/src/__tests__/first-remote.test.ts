import { startFirstRemote, takeStartedManifest, takeStartedTable } from '../first-remote';
import { SESSION_KEY } from '../signed-in';

const TABLE = {
  mf_auth: '/remotes/mf_auth/0.1.0/mf-manifest.json',
  mf_participant: '/remotes/mf_participant/0.2.0/mf-manifest.json',
  mf_cms: '/remotes/mf_cms/0.1.0/mf-manifest.json',
};
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ assets: { js: { sync: ['__federation_expose_app.1a2b3c4d.js'] } } }],
};
/** The parts of a fetch Response the script reads (jsdom has no Response). */
function answer(body: unknown, status = 200): Response {
  const response = { ok: status < 400, status, json: async () => body, clone: () => response };
  return response as unknown as Response;
}
const json = (body: unknown) => answer(body);
const absolute = (path: string) => new URL(path, window.location.href).href;

function serve(): string[] {
  const asked: string[] = [];
  window.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(new URL(url, window.location.href).pathname);
    return url.endsWith('/remotes.json') ? json(TABLE) : json(manifest);
  }) as typeof fetch;
  return asked;
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
    (link) => new URL(link.href).pathname,
  );

async function startAt(path: string, userType: string | null): Promise<string[]> {
  if (userType) localStorage.setItem(SESSION_KEY, JSON.stringify({ user: { accessToken: 't', userType } }));
  window.history.replaceState(null, '', path);
  const asked = serve();
  startFirstRemote();
  await takeStartedManifest('/nothing.json');
  return asked;
}

describe("the page's inline start of the remote that draws it", () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.replaceChildren();
    delete (window as unknown as Record<string, unknown>).__especificaFirstRemote;
  });

  it.each([
    ['a professional on /extract', '/extract', 'professional', '/remotes/mf_participant/0.2.0/'],
    ['an admin on /cms/dashboard', '/cms/dashboard', 'admin', '/remotes/mf_cms/0.1.0/'],
    ['an admin on /invoices', '/invoices', 'admin', '/remotes/mf_cms/0.1.0/'],
    ['a visitor on /login', '/login', null, '/remotes/mf_auth/0.1.0/'],
    ['a visitor sent from /dashboard to the login', '/dashboard', null, '/remotes/mf_auth/0.1.0/'],
  ])(
    "asks, for %s, for the table, that remote's manifest, and preloads its entry and exposed chunk",
    async (_who, path, userType, folder) => {
      const asked = await startAt(path, userType);
      expect(asked).toEqual(['/remotes.json', `${folder}mf-manifest.json`]);
      expect(preloaded()).toEqual([`${folder}remoteEntry.js`, `${folder}__federation_expose_app.1a2b3c4d.js`]);
    },
  );

  it('hands the table over once, and the manifest once and only for its own URL', async () => {
    await startAt('/extract', 'professional');
    expect(await (await takeStartedTable())?.json()).toEqual(TABLE);
    expect(takeStartedTable()).toBeUndefined();
    expect(await takeStartedManifest(TABLE.mf_cms)).toBeUndefined();
    expect(await (await takeStartedManifest(absolute(TABLE.mf_participant)))?.json()).toEqual(manifest);
    expect(await takeStartedManifest(TABLE.mf_participant)).toBeUndefined();
  });

  it('preloads nothing and hands nothing over when the table does not answer', async () => {
    window.history.replaceState(null, '', '/login');
    window.fetch = jest.fn(async () => answer(null, 503)) as typeof fetch;
    startFirstRemote();
    expect(await takeStartedManifest(TABLE.mf_auth)).toBeUndefined();
    expect(preloaded()).toEqual([]);
  });
});
