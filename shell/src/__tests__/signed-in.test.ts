import { STORAGE_KEY } from '@especifica/mf-shared';
import { preloadSignedInCode, SESSION_KEY, SIGNED_IN_META, warmIntl } from '../signed-in';

const FILES = ['/59.709b586e.js', '/kit.22e35768.js'];
const session = JSON.stringify({ user: { accessToken: 'token', userType: 'professional' } });

function preloads(): { href: string; as: string; priority: string }[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href') ?? '',
    as: link.as,
    priority: link.fetchPriority,
  }));
}

describe("the page's inline preload of a signed-in screen's code", () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.replaceChildren();
    const meta = document.createElement('meta');
    meta.name = SIGNED_IN_META;
    meta.content = FILES.join(' ');
    document.head.append(meta);
  });

  it('reads the session where the session store keeps it', () => {
    expect(SESSION_KEY).toBe(STORAGE_KEY);
  });

  it('asks for the listed files, at low priority, on a page with the header when a session is stored', () => {
    localStorage.setItem(SESSION_KEY, session);
    window.history.replaceState(null, '', '/extract?kind=redemption');
    expect(preloadSignedInCode()).toBe(true);
    expect(preloads()).toEqual(FILES.map((href) => ({ href, as: 'script', priority: 'low' })));
  });

  it.each([
    ['the login form', '/login?redirect=%2Fdashboard', session],
    ['a page without the header', '/accounts', session],
    ['a public QR code page', '/experiences/qrcode/abc', session],
    ['a visitor without a session', '/dashboard', null],
    ['a session without a token', '/dashboard', JSON.stringify({ user: { accessToken: '' } })],
    ['a stored value that is not JSON', '/dashboard', '{quebrado'],
  ])('asks for nothing on %s', (_case, path, stored) => {
    if (stored !== null) localStorage.setItem(SESSION_KEY, stored);
    window.history.replaceState(null, '', path);
    expect(preloadSignedInCode()).toBe(false);
    expect(preloads()).toEqual([]);
  });
});

describe("the page's warm-up of pt-BR numbers and dates off the main thread", () => {
  it('starts the built worker by its URL', () => {
    const started: string[] = [];
    expect(warmIntl('/intl-worker.3d2aaded.js', (url) => started.push(url))).toBe(true);
    expect(started).toEqual(['/intl-worker.3d2aaded.js']);
  });

  it('leaves the page as it was when the browser refuses the worker (a policy, no Worker at all)', () => {
    expect(
      warmIntl('/intl-worker.3d2aaded.js', () => {
        throw new DOMException('Refused by the content security policy', 'SecurityError');
      }),
    ).toBe(false);
    // jsdom has no Worker: the default start throws, and the page goes on.
    expect(warmIntl('/intl-worker.3d2aaded.js')).toBe(false);
  });
});
