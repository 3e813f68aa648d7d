import { type StoredUser, session, ToastBus, toasts } from '@especifica/mf-shared';
import { Drawer } from '@especifica/mf-shared/controls';
import { getSystem, tokens, UiProvider } from '@especifica/mf-shared/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type HeldToasts, loadToasterWhenNeeded } from '../held-toasts';
import { CLEAR_FADE_MS, FADE_MS, Toaster } from '../toaster';

// jsdom has no PointerEvent: without it the pointer coordinates of a drag are lost.
if (!('PointerEvent' in window)) {
  Object.assign(window, { PointerEvent: class extends MouseEvent {} });
}

function renderToaster() {
  return render(
    <UiProvider>
      <Toaster />
    </UiProvider>,
  );
}

/** jsdom has no layout: give toasts a width so the 80 % drag rule can be measured. */
function withWidth(element: HTMLElement, width: number) {
  element.getBoundingClientRect = () => ({
    width,
    height: 40,
    top: 0,
    left: 0,
    right: width,
    bottom: 40,
    x: 0,
    y: 0,
    toJSON() {},
  });
  return element;
}

describe('the toaster (spec 4, 9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows each type top-right by default and closes it after 5000 ms, fading for 300 ms', () => {
    renderToaster();
    act(() => {
      toasts.success('Atualizado com sucesso!');
    });
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveAttribute('data-type', 'success');
    expect(toast).toHaveAttribute('data-placement', 'topEnd');
    act(() => jest.advanceTimersByTime(4999));
    expect(toast).not.toHaveAttribute('data-leaving');
    act(() => jest.advanceTimersByTime(1));
    expect(toast).toHaveAttribute('data-leaving');
    act(() => jest.advanceTimersByTime(FADE_MS));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it.each(['topCenter', 'bottomCenter', 'topStart', 'topEnd', 'bottomStart', 'bottomEnd'] as const)(
    'places a toast at %s',
    (placement) => {
      renderToaster();
      act(() => {
        toasts.show({ message: 'x', type: 'info', placement });
      });
      expect(screen.getByTestId(`toasts-${placement}`)).toContainElement(screen.getByTestId('toast'));
    },
  );

  it('closes on a click and on its close button', () => {
    renderToaster();
    act(() => {
      toasts.info('um');
      toasts.warning('dois');
    });
    const [first, second] = screen.getAllByTestId('toast');
    fireEvent.pointerDown(first as HTMLElement, { clientX: 10 });
    fireEvent.pointerUp(first as HTMLElement, { clientX: 10 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Fechar' })[1] as HTMLElement);
    act(() => jest.advanceTimersByTime(FADE_MS));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    expect(first).not.toBeInTheDocument();
    expect(second).not.toBeInTheDocument();
  });

  it('closes when dragged past 80 % of its width and snaps back when not', () => {
    renderToaster();
    act(() => {
      toasts.error('Login ou senha inválidos');
    });
    const toast = withWidth(screen.getByTestId('toast'), 300);
    fireEvent.pointerDown(toast, { clientX: 0 });
    fireEvent.pointerMove(toast, { clientX: 200 });
    fireEvent.pointerUp(toast, { clientX: 200 });
    act(() => jest.advanceTimersByTime(FADE_MS));
    expect(toast).toBeInTheDocument();
    expect(toast.style.transform).toBe('');
    fireEvent.pointerDown(toast, { clientX: 0 });
    fireEvent.pointerMove(toast, { clientX: 250 });
    fireEvent.pointerUp(toast, { clientX: 250 });
    act(() => jest.advanceTimersByTime(FADE_MS));
    expect(toast).not.toBeInTheDocument();
  });

  it('clears every toast with a 400 ms fade', () => {
    renderToaster();
    act(() => {
      toasts.info('a');
      toasts.info('b');
      toasts.clear();
    });
    expect(screen.getAllByTestId('toast').every((t) => t.hasAttribute('data-leaving'))).toBe(true);
    act(() => jest.advanceTimersByTime(CLEAR_FADE_MS - 1));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

describe('the toaster loaded on demand', () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }
  const toaster = { startToaster: (held: HeldToasts) => render(<UiProvider>{<Toaster held={held} />}</UiProvider>) };

  it('is not loaded before a toast or an interaction', () => {
    const bus = new ToastBus();
    const load = jest.fn(() => new Promise<typeof toaster>(() => {}));
    loadToasterWhenNeeded(bus, load, new EventTarget());
    expect(load).not.toHaveBeenCalled();
  });

  it('shows every toast emitted while it was loading, in order, once it is up', async () => {
    const module = deferred<typeof toaster>();
    const load = jest.fn(() => module.promise);
    loadToasterWhenNeeded(toasts, load, new EventTarget());
    toasts.error('Login ou senha inválidos');
    toasts.success('Atualizado com sucesso!');
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    await act(async () => module.resolve(toaster));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual([
      'Login ou senha inválidos×',
      'Atualizado com sucesso!×',
    ]);
    // Later toasts come straight from the bus, each shown once.
    act(() => {
      toasts.info('depois');
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
  });

  it('loads on the first interaction, and drops held toasts that were cleared', async () => {
    const bus = new ToastBus();
    const target = new EventTarget();
    const started: HeldToasts[] = [];
    loadToasterWhenNeeded(bus, async () => ({ startToaster: (held: HeldToasts) => started.push(held) }), target);
    target.dispatchEvent(new Event('pointerdown'));
    await act(async () => {});
    expect(started).toHaveLength(1);
    expect(started[0]?.take()).toEqual([]);

    const other = new ToastBus();
    const later: HeldToasts[] = [];
    const never = deferred<{ startToaster(held: HeldToasts): void }>();
    loadToasterWhenNeeded(other, () => never.promise, new EventTarget());
    other.info('antes');
    other.clear();
    other.info('depois');
    await act(async () => never.resolve({ startToaster: (held) => later.push(held) }));
    expect(later[0]?.take().map((t) => t.message)).toEqual(['depois']);
  });

  it('tries again on the next toast when it could not be loaded, keeping what was held', async () => {
    const bus = new ToastBus();
    const started: HeldToasts[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest
      .fn<Promise<{ startToaster(held: HeldToasts): void }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ startToaster: (held) => started.push(held) });
    loadToasterWhenNeeded(bus, load, new EventTarget());
    bus.info('um');
    await act(async () => {});
    bus.info('dois');
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(2);
    expect(started[0]?.take().map((t) => t.message)).toEqual(['um', 'dois']);
    error.mockRestore();
  });

  it('tries again when it loaded but could not start, keeping what was held', async () => {
    const bus = new ToastBus();
    const started: HeldToasts[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const load = async () => ({
      startToaster(held: HeldToasts) {
        attempts += 1;
        if (attempts === 1) throw new Error('no #toaster element');
        started.push(held);
      },
    });
    loadToasterWhenNeeded(bus, load, new EventTarget());
    bus.info('um');
    await act(async () => {});
    bus.info('dois');
    await act(async () => {});
    expect(attempts).toBe(2);
    expect(started[0]?.take().map((t) => t.message)).toEqual(['um', 'dois']);
    error.mockRestore();
  });
});

/** A window of this width: a `(max-width: Npx)` query matches up to N. */
function viewport(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
}

/** The pixels of a length: `65px`, or `calc(81px)` as the browser reduces `calc(65px + 16px)`. */
const px = (length: string) => Number(/([\d.]+)px/.exec(length)?.[1]);

/** The layer an element is drawn in: its z-index token (`var(--chakra-z-index-toast)`) read in the system. */
function layerOf(element: HTMLElement): number {
  const zIndex = getComputedStyle(element).zIndex;
  const token = /--chakra-z-index-([a-zA-Z]+)/.exec(zIndex)?.[1];
  return Number(token ? getSystem().token(`zIndex.${token}`) : zIndex);
}

describe('where the toasts are drawn', () => {
  const matchMedia = window.matchMedia;
  const professional: StoredUser = {
    email: 'ana@especifica.dev',
    name: 'Ana Arquiteta',
    profileImage: null,
    accessToken: 't',
    userType: 'professional',
    shopkeeperType: null,
  };
  afterEach(() => {
    cleanup();
    window.matchMedia = matchMedia;
    session.clearUser();
    window.history.pushState(null, '', '/');
  });

  it('draws them over an open drawer and its dimmed overlay', async () => {
    render(
      <UiProvider>
        <Toaster />
        <Drawer open onClose={() => {}} title="Novo usuário">
          <p>Campos</p>
        </Drawer>
      </UiProvider>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    act(() => {
      toasts.success('Usuário cadastrado com sucesso!');
    });
    const layer = layerOf(screen.getByTestId('toasts-topEnd'));
    const positioner = drawer.parentElement as HTMLElement;
    const backdrop = document.querySelector<HTMLElement>('.chakra-drawer__backdrop');
    expect(layer).toBeGreaterThan(layerOf(positioner));
    expect(layer).toBeGreaterThan(layerOf(backdrop as HTMLElement));
    expect(layer).toBeGreaterThan(layerOf(drawer));
  });

  it.each([
    ['a professional at 1440 px', professional, '/dashboard', 1440, px(tokens.sizes.headerHeight) + 16],
    ['a professional at 390 px', professional, '/experiences', 390, px(tokens.sizes.headerHeightMobile) + 16],
    // The admin's header turns to its phone layout below 1325 px, the professional's below 1225 px.
    [
      'an admin at 1300 px',
      { ...professional, userType: 'admin' as const },
      '/cms/users',
      1300,
      px(tokens.sizes.headerHeightMobile) + 16,
    ],
    ['a page without the header', professional, '/login', 390, 16],
  ])('starts them below the header: %s', (_, user, path, width, top) => {
    viewport(width);
    window.history.pushState(null, '', path);
    session.setUser(user);
    render(
      <UiProvider>
        <Toaster />
      </UiProvider>,
    );
    act(() => {
      toasts.success('Inscrição realizada com sucesso!');
      toasts.show({ message: 'x', placement: 'bottomEnd' });
    });
    expect(px(screen.getByTestId('toasts-topEnd').style.top)).toBe(top);
    // Those at the bottom stay at the window's edge.
    expect(screen.getByTestId('toasts-bottomEnd').style.top).toBe('');
    expect(screen.getByTestId('toasts-bottomEnd').style.bottom).toBe('16px');
  });
});
