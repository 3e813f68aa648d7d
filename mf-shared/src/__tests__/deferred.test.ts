import { deferredApp, pathFit, screenAt } from '../deferred';

describe('pathFit, as the router ranks a path', () => {
  it.each([
    ['/dashboard', '/dashboard', 1],
    ['/dashboard', '/Dashboard/', 1],
    ['/experiences/:id', '/experiences/42', 1],
    ['/experiences/qrcode/:experienceId/:code', '/experiences/qrcode/7/abc', 2],
    ['/invoices/*', '/invoices', 1],
    ['/invoices/*', '/invoices/12/timeline', 1],
    ['/cms/professionals/invoices', '/cms/professionals/invoices', 3],
    ['/cms/professionals/:id', '/cms/professionals/invoices', 2],
  ])('%s fits %s with %i literal segments', (pattern, pathname, fit) => {
    expect(pathFit(pattern, pathname)).toBe(fit);
  });

  it.each([
    ['/dashboard', '/dashboard/more'],
    ['/experiences/:id', '/experiences'],
    ['/experiences/:id', '/experiences/42/edit'],
    ['/invoices/*', '/invoicesx'],
    ['/extract', '/dashboard'],
  ])('%s does not fit %s', (pattern, pathname) => {
    expect(pathFit(pattern, pathname)).toBeNull();
  });
});

describe('screenAt', () => {
  const load = (name: string) => () => Promise.resolve(name);
  const screens = {
    '/cms/professionals/:id': load('detail'),
    '/cms/professionals/invoices': load('invoices'),
    '/cms/professionals': load('list'),
  };

  it('takes the screen whose path fits best, whatever their order', async () => {
    await expect(screenAt(screens, '/cms/professionals/invoices')?.()).resolves.toBe('invoices');
    await expect(screenAt(screens, '/cms/professionals/9')?.()).resolves.toBe('detail');
    await expect(screenAt(screens, '/cms/professionals')?.()).resolves.toBe('list');
    expect(screenAt(screens, '/cms/stores')).toBeUndefined();
  });
});

describe('deferredApp', () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  const mountedApp = () => ({
    bootstrap: jest.fn(async () => undefined),
    mount: jest.fn(async () => undefined),
    unmount: jest.fn(async () => undefined),
    preload: jest.fn(),
  });

  it("asks for the screen's chunk at once, before the lifecycles have arrived, and their reads once they have", async () => {
    const lifecycles = deferred<ReturnType<typeof mountedApp>>();
    const dashboard = jest.fn(async () => 'dashboard');
    const extract = jest.fn(async () => 'extract');
    const app = deferredApp(() => lifecycles.promise, { '/dashboard': dashboard, '/extract': extract });
    app.preload('/extract');
    expect(extract).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
    const mounted = mountedApp();
    lifecycles.resolve(mounted);
    await lifecycles.promise;
    await Promise.resolve();
    expect(mounted.preload).toHaveBeenCalledWith('/extract');
  });

  it("runs single-spa's calls on the lifecycles once they are in, with the same props", async () => {
    const mounted = mountedApp();
    const load = jest.fn(async () => mounted);
    const app = deferredApp(load, {});
    const props = { name: 'mf_participant' };
    await app.bootstrap(props);
    await app.mount(props);
    await app.unmount(props);
    expect(mounted.bootstrap).toHaveBeenCalledWith(props);
    expect(mounted.mount).toHaveBeenCalledWith(props);
    expect(mounted.unmount).toHaveBeenCalledWith(props);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the lifecycles again after a failed download, and a failed preload throws nowhere', async () => {
    const mounted = mountedApp();
    const load = jest.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(mounted);
    const app = deferredApp(load, { '/extract': () => Promise.reject(new Error('chunk')) });
    app.preload('/extract');
    // The shell mounts after its access gate's wait.
    await new Promise((resolve) => setTimeout(resolve));
    await expect(app.mount({})).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    expect(mounted.mount).toHaveBeenCalledTimes(1);
  });
});
