import { registerRemotes } from '@module-federation/enhanced/runtime';
import { clearOverrides, readOverrides, showOverrideBanner } from '../overrides';
import { RemoteRegistry } from '../remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const DEV_URL = 'http://localhost:3002/mf-manifest.json';

describe("a developer's override of a remote's URL", () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.replaceChildren();
  });

  it('is read on an allowed host and ignored elsewhere', () => {
    localStorage.setItem('mf-override:mf_participant', DEV_URL);
    localStorage.setItem('store', '{}');
    expect(readOverrides(localStorage, 'localhost')).toEqual({ mf_participant: DEV_URL });
    expect(readOverrides(localStorage, 'especifica.com.br')).toEqual({});
    expect(readOverrides(localStorage, '127.0.0.1')).toEqual({});
    expect(readOverrides(localStorage, 'preview.especifica.dev', ['preview.especifica.dev'])).toEqual({
      mf_participant: DEV_URL,
    });
  });

  it('shows a pt-BR banner naming each override, whose button clears them', () => {
    localStorage.setItem('mf-override:mf_participant', DEV_URL);
    const clear = jest.fn(() => clearOverrides(localStorage));
    const banner = showOverrideBanner({ mf_participant: DEV_URL }, clear);
    expect(banner.textContent).toContain(`Substituição de desenvolvimento ativa: mf_participant → ${DEV_URL}`);
    (banner.querySelector('button') as HTMLButtonElement).click();
    expect(clear).toHaveBeenCalled();
    expect(readOverrides(localStorage, 'localhost')).toEqual({});
  });
});

describe('the remote registry on navigation', () => {
  const v1 = '/remotes/mf_participant/0.1.0/mf-manifest.json';
  const v2 = '/remotes/mf_participant/0.2.0/mf-manifest.json';
  beforeEach(() => {
    jest.mocked(registerRemotes).mockClear();
  });

  it('re-registers a remote whose version changed, from the second mount on', async () => {
    const read = jest.fn(async () => ({ mf_participant: v2 }));
    const registry = new RemoteRegistry({ mf_participant: v1 }, {}, read);
    (window as unknown as Record<string, unknown>).webpackChunkmf_participant = [['old']];
    expect(await registry.refresh('mf_participant')).toBe(false);
    expect(read).not.toHaveBeenCalled();
    expect(await registry.refresh('mf_participant')).toBe(true);
    expect(registry.table.mf_participant).toBe(v2);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_participant', entry: v2 }], { force: true });
    expect((window as unknown as Record<string, unknown>).webpackChunkmf_participant).toBeUndefined();
    expect(await registry.refresh('mf_participant')).toBe(false);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('keeps an override and a remote the new table does not name', async () => {
    const read = jest.fn(async () => ({ mf_auth: '/remotes/mf_auth/0.2.0/mf-manifest.json' }));
    const registry = new RemoteRegistry({ mf_participant: v1, mf_auth: 'a' }, { mf_auth: DEV_URL }, read);
    await registry.refresh('mf_auth');
    expect(await registry.refresh('mf_auth')).toBe(false);
    expect(await registry.refresh('mf_participant')).toBe(false);
    expect(registry.table).toEqual({ mf_participant: v1, mf_auth: DEV_URL });
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
