import { firstScreen, type Result } from '@especifica/mf-shared';
import { MemoryRouter, Navigate, useLocation } from '@especifica/mf-shared/router';
import { queryClient } from '@especifica/mf-shared/runtime/query';
import { UiProvider } from '@especifica/mf-shared/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  prefetchApiQuery,
  preloadScreenAt,
  type Screen,
  ScreenRoutes,
  screen as screenOf,
  useApiQuery,
} from '../index';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const screens = [screenOf('/dashboard', async () => ({ default: () => <h1>Painel</h1> }))];

function Remote({ url }: { url: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/dashboard" replace />} />
      <Where />
    </MemoryRouter>
  );
}

const key = ['test', 'balance'];
const fetcher = jest.fn(async (): Promise<Result<{ points: number }>> => [{ points: 9994 }, null]);

/** A screen that reads the balance through the kit. */
function Balance() {
  const balance = useApiQuery(key, fetcher);
  return <p>{balance.data ? `${balance.data.points} Pts` : 'Carregando'}</p>;
}

/** A remote's route table at `url`, inside the UI kit's provider (its loading state draws with it). */
function renderScreens(screens: Screen[], url: string) {
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <ScreenRoutes screens={screens} otherwise={null} />
      </MemoryRouter>
    </UiProvider>,
  );
}

describe("a remote's route table", () => {
  it('sends an unknown path of the remote to its otherwise', async () => {
    render(<Remote url="/nada" />);
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('redirects an unknown path one task later, so a remote being unmounted never pulls the user back', () => {
    jest.useFakeTimers();
    try {
      // A logout: the address becomes /login, which another remote owns; single-spa unmounts this one within the task.
      render(<Remote url="/login" />);
      expect(screen.getByTestId('where')).toHaveTextContent('/login');
      // Still mounted a task later: the path is truly unknown to it, and it redirects.
      act(() => {
        jest.runOnlyPendingTimers();
      });
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    } finally {
      jest.useRealTimers();
    }
  });

  it("starts a screen's reads with its code, and the page reads that same answer", async () => {
    queryClient.clear();
    fetcher.mockClear();
    let arrive: () => void = () => {};
    const slow = [
      screenOf(
        '/dashboard',
        // The chunk arrives only when the test says so.
        () => new Promise((resolve) => (arrive = () => resolve({ default: Balance }))),
        () => prefetchApiQuery(key, fetcher),
      ),
    ];
    renderScreens(slow, '/dashboard');
    // Asked for before the screen's code has arrived, and answered before it does.
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await act(async () => arrive());
    expect(await screen.findByText('9994 Pts')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('preloads the screen at an address once, and draws it later from that same download', async () => {
    const loads = { list: 0, detail: 0 };
    const prefetched: string[] = [];
    const screens = [
      screenOf(
        '/experiences',
        async () => {
          loads.list += 1;
          return { default: () => <h1>Experiências</h1> };
        },
        () => prefetched.push('list'),
      ),
      screenOf(
        '/experiences/:id',
        async () => {
          loads.detail += 1;
          return { default: () => <h1>Uma experiência</h1> };
        },
        () => prefetched.push('detail'),
      ),
    ];
    preloadScreenAt(screens, '/nada');
    expect(loads).toEqual({ list: 0, detail: 0 });
    preloadScreenAt(screens, '/experiences/42');
    preloadScreenAt(screens, '/experiences/42');
    expect(loads).toEqual({ list: 0, detail: 1 });
    expect(prefetched).toEqual(['detail']);
    renderScreens(screens, '/experiences/42');
    expect(await screen.findByRole('heading', { name: 'Uma experiência' })).toBeInTheDocument();
    expect(loads).toEqual({ list: 0, detail: 1 });
    expect(prefetched).toEqual(['detail']);
  });

  it('preloads the screen the router would draw: a literal path before a parameter, whatever their order', () => {
    const asked: string[] = [];
    const ranked = [
      screenOf('/cms/professionals/:id', async () => {
        asked.push('detail');
        return { default: () => null };
      }),
      screenOf('/cms/professionals/invoices', async () => {
        asked.push('invoices');
        return { default: () => null };
      }),
    ];
    preloadScreenAt(ranked, '/cms/professionals/invoices');
    expect(asked).toEqual(['invoices']);
    preloadScreenAt(ranked, '/cms/professionals/7');
    expect(asked).toEqual(['invoices', 'detail']);
  });

  // Last: the hold is once per page load, and this file is one page.
  it("releases the shell's hold on the API once a screen, not its loading state, has been painted", async () => {
    let ready = false;
    firstScreen.hold(60_000);
    void firstScreen.ready.then(() => {
      ready = true;
    });
    let show: () => void = () => undefined;
    const slow = screenOf(
      '/lento',
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          show = () => resolve({ default: () => <h1>Tela lenta</h1> });
        }),
    );
    renderScreens([slow], '/lento');
    expect(await screen.findByTestId('loading-state')).toBeInTheDocument();
    // A few frames with only the loading state drawn: the reads stay held.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(ready).toBe(false);
    show();
    expect(await screen.findByRole('heading', { name: 'Tela lenta' })).toBeInTheDocument();
    await waitFor(() => expect(ready).toBe(true));
  });
});
