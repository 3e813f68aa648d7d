import { api, type StoredUser, session } from '@especifica/mf-shared';
import { defaultRules } from '@especifica/mf-shared/contracts';
import { queryClient } from '@especifica/mf-shared/runtime/query';
import { UiProvider } from '@especifica/mf-shared/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { Header, preload } from '../header';

const base = { email: 'x@especifica.dev', profileImage: null, accessToken: 't' };
const professional: StoredUser = { ...base, name: 'Ana Arquiteta', userType: 'professional', shopkeeperType: null };
const seller: StoredUser = { ...base, name: 'Sérgio Vendedor', userType: 'shopkeeper', shopkeeperType: 'seller' };
const consultant: StoredUser = {
  ...base,
  name: 'Carla Consultora',
  userType: 'shopkeeper',
  shopkeeperType: 'consultant',
};
const admin: StoredUser = { ...base, name: 'Administradora Demo', userType: 'admin', shopkeeperType: null };

const profileData = { profileImage: null, level: { level: 'Prata', points: 8250.5, sublevel: 1, rank: 1 } };
const answers: Record<string, unknown> = {
  '/professionals/get-profile-data': profileData,
  '/professionals/get-dashboard-data': { totalPoints: 1234.5, level: { name: 'Bronze', sublevel: 2 } },
  '/cms/users/me': { profileImage: null },
  '/professionals/rules': defaultRules,
};
const reply: AxiosAdapter = async (config) => {
  const data = answers[config.url ?? ''];
  if (data === undefined) {
    throw Object.assign(new Error('404'), {
      isAxiosError: true,
      config,
      response: { status: 404, data: { msg: 'x' }, headers: {}, config, statusText: '' },
    });
  }
  return { status: 200, data, headers: {}, config, statusText: 'OK' };
};

function mobileViewport(mobile: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: mobile && query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
}

function renderHeader(user: StoredUser, path: string) {
  window.history.pushState(null, '', path);
  localStorage.clear();
  session.clearUser();
  session.setUser(user);
  return render(
    <UiProvider>
      <Header />
    </UiProvider>,
  );
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the regular header (spec 2.5)', () => {
  beforeEach(() => {
    api.adapter = reply;
    mobileViewport(false);
  });

  it('puts the first 6 links in the main bar and the rest, with the external ones, below', async () => {
    renderHeader(professional, '/dashboard');
    const main = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(linkNames(main)).toEqual([
      'Visão geral',
      'Extrato',
      'Notas fiscais',
      'Experiências',
      'Pontuação',
      'Categorias',
    ]);
    const more = screen.getByRole('navigation', { name: 'Mais links' });
    expect(linkNames(more)).toEqual(['Regulamento', 'Produtos', 'Lojas', 'Kit de amostras', 'Fale conosco']);
    for (const name of ['Kit de amostras', 'Fale conosco']) {
      expect(within(more).getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });

  it("follows the rules of the professional's profession: the level only with levels, the points only where they count", async () => {
    const rules = {
      profession: 'Arquiteto',
      earns: 'points',
      experiences: 'points',
      clientDisclosure: false,
      text: '',
    };
    try {
      answers['/professionals/rules'] = { ...rules, levels: false };
      queryClient.clear();
      const first = renderHeader(professional, '/dashboard');
      await waitFor(() => expect(screen.getByTestId('header-points')).toHaveTextContent(/^8\.250,5 Pts$/));
      first.unmount();

      // Earning nothing and taking experiences at no cost, the points mean nothing: no badge at all.
      answers['/professionals/rules'] = { ...rules, earns: 'nothing', experiences: 'open', levels: false };
      queryClient.clear();
      let read = 0;
      api.adapter = (config) => {
        if (config.url === '/professionals/rules') read += 1;
        return reply(config);
      };
      renderHeader(professional, '/dashboard');
      await waitFor(() => expect(read).toBe(1));
      await act(async () => {});
      expect(screen.queryByTestId('header-points')).toBeNull();
      expect(screen.getByTestId('header-name')).toHaveTextContent('Ana Arquiteta');
    } finally {
      answers['/professionals/rules'] = defaultRules;
      queryClient.clear();
    }
  });

  it('shows the level and points of a professional from the profile data, in pt-BR', async () => {
    renderHeader(professional, '/dashboard');
    expect(await screen.findByTestId('header-points')).toHaveTextContent('Prata · 8.250,5 Pts');
    // The level's emblem (the second level's: silver), hidden from readers since the level's name follows it.
    const emblem = screen.getByTestId('header-points').querySelector('svg');
    expect(emblem).toHaveAttribute('data-material', 'silver');
    expect(emblem).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('header-name')).toHaveTextContent('Ana Arquiteta');
    expect(screen.getByTestId('header-avatar')).toHaveTextContent('AN');
  });

  it('starts its reads while the gate waits, then mounts with their answers without asking again', async () => {
    queryClient.clear();
    const asked: string[] = [];
    api.adapter = (config) => {
      asked.push(config.url ?? '');
      return reply(config);
    };
    const unread = '/professionals/notifications/get-all-notifications';
    answers[unread] = { unread: 3 };
    const adminUnread = '/cms/notifications/get-all-notifications';
    answers[adminUnread] = { unread: 2 };
    try {
      window.history.pushState(null, '', '/dashboard');
      session.setUser(professional);
      preload('/dashboard');
      // The profile, the bell's count, and the rules of the profession (what the badge shows).
      await waitFor(() =>
        expect(asked.sort()).toEqual(['/professionals/get-profile-data', unread, '/professionals/rules']),
      );
      // The same session (renderHeader would sign it out first, and the cache goes with the token).
      const participantHeader = render(
        <UiProvider>
          <Header />
        </UiProvider>,
      );
      expect(await screen.findByTestId('header-points')).toHaveTextContent('Prata · 8.250,5 Pts');
      expect(screen.getAllByTestId('notification-bell')[0]).toHaveAttribute('data-unread', '3');
      expect(asked).toHaveLength(3);

      // The admin's header reads the admin's picture and the admin's own bell (an import or export ends there).
      participantHeader.unmount();
      asked.length = 0;
      window.history.pushState(null, '', '/cms/dashboard');
      session.setUser(admin);
      preload('/cms/dashboard');
      await waitFor(() => expect(asked.sort()).toEqual(['/cms/notifications/get-all-notifications', '/cms/users/me']));
      render(
        <UiProvider>
          <Header />
        </UiProvider>,
      );
      const bell = await screen.findByTestId('notification-bell');
      expect(bell).toHaveAttribute('href', '/cms/notifications');
      expect(bell).toHaveAttribute('data-unread', '2');
      expect(asked).toHaveLength(2);
    } finally {
      delete answers[unread];
      delete answers[adminUnread];
    }
  });

  it('changes the session only where the header data differs from it, so the header is not drawn again for nothing', async () => {
    const asked: string[] = [];
    api.adapter = (config) => {
      asked.push(config.url ?? '');
      return reply(config);
    };
    renderHeader(professional, '/dashboard');
    // The standing kept from an earlier visit is what the profile data says; the profile image is the same too.
    act(() => session.setScore({ level: 'Prata', points: 8250.5, sublevel: 1, rank: 1 }));
    let changes = -1; // the current value, given on subscribing
    const counting = session.changes.subscribe(() => changes++);
    try {
      await waitFor(() => expect(asked).toContain('/professionals/get-profile-data'));
      await act(async () => {});
      expect(changes).toBe(0);

      // A standing that differs is one change, shown at once.
      answers['/professionals/get-profile-data'] = {
        profileImage: null,
        level: { level: 'Ouro', points: 9000, sublevel: 1, rank: 2 },
      };
      await act(() => queryClient.invalidateQueries());
      await waitFor(() => expect(screen.getByTestId('header-points')).toHaveTextContent('Ouro · 9.000 Pts'));
      expect(changes).toBe(1);
      expect(screen.getByTestId('header-points').querySelector('svg')).toHaveAttribute('data-material', 'gold');
    } finally {
      counting.unsubscribe();
      answers['/professionals/get-profile-data'] = profileData;
    }
  });

  it('puts back a badge moved elsewhere when a refetch answers the same standing as the last one', async () => {
    renderHeader(professional, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('header-points')).toHaveTextContent('Prata · 8.250,5 Pts'));
    // A refund moved the badge at once, after the live stream's refetch had already brought the refunded balance.
    act(() => session.setScore({ level: 'Prata', points: 9750.5, sublevel: 1 }));
    expect(screen.getByTestId('header-points')).toHaveTextContent('Prata · 9.750,5 Pts');
    // The change's own refetch answers what the cache already holds: the badge follows the API, not the move.
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByTestId('header-points')).toHaveTextContent('Prata · 8.250,5 Pts'));
  });

  it('labels categories "Categorias Profissionais" and leaves out stores for a shopkeeper', () => {
    renderHeader(seller, '/dashboard');
    expect(screen.getByRole('link', { name: 'Categorias Profissionais' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lojas' })).not.toBeInTheDocument();
  });

  it('shows the points of a consultant without the level and without Experiences', async () => {
    renderHeader(consultant, '/dashboard');
    expect(await screen.findByTestId('header-points')).toHaveTextContent(/^1\.234,5 Pts$/);
    expect(screen.getByTestId('header-points').querySelector('svg')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Experiências' })).not.toBeInTheDocument();
  });

  it('moves the active item after a route change made anywhere', async () => {
    renderHeader(professional, '/dashboard');
    expect(screen.getByRole('link', { name: 'Visão geral' })).toHaveAttribute('aria-current', 'page');
    act(() => {
      window.history.pushState(null, '', '/extract/2026');
      window.dispatchEvent(new Event('single-spa:routing-event'));
    });
    expect(screen.getByRole('link', { name: 'Extrato' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Visão geral' })).not.toHaveAttribute('aria-current');
  });

  it('opens the user menu from the avatar with profile, notifications and logout, and closes it on Escape', async () => {
    renderHeader(professional, '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /Menu do usuário$/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Meu perfil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Notificações' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Convites' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('lists invites in the user menu of a shopkeeper and closes the menu on a click outside', async () => {
    renderHeader(seller, '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /Menu do usuário$/ }));
    expect(screen.getByRole('menuitem', { name: 'Convites' })).toBeInTheDocument();
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('logs out from the user menu: local storage cleared, back to /login', async () => {
    renderHeader(professional, '/dashboard');
    localStorage.setItem('other', '1');
    await userEvent.click(screen.getByRole('button', { name: /Menu do usuário$/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    expect(localStorage.length).toBe(0);
    expect(window.location.pathname).toBe('/login');
    expect(session.value.user).toBeNull();
  });

  it('becomes a 65 px bar with a side menu from the left below 1225 px', async () => {
    mobileViewport(true);
    renderHeader(professional, '/dashboard');
    expect(screen.getByTestId('header')).toHaveAttribute('data-variant', 'mobile');
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(linkNames(nav)).toContain('Regulamento');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument(),
    );
  });
});

describe('the admin header (spec 2.6)', () => {
  beforeEach(() => {
    api.adapter = reply;
    mobileViewport(false);
  });

  it('shows Overview, Users and Invoices, the four groups of spec 2.6 and "Programa" on CMS paths', () => {
    renderHeader(admin, '/cms/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Visão geral', 'Usuários', 'Notas fiscais']);
    expect(within(nav).getAllByTestId('admin-group')).toHaveLength(5);
    for (const group of ['Profissionais', 'Lojas', 'Produtos', 'Relatórios', 'Programa']) {
      expect(within(nav).getAllByText(group).length).toBeGreaterThan(0);
    }
  });

  it('is shown on /invoices too, with Invoices active', () => {
    renderHeader(admin, '/invoices');
    expect(screen.getByRole('link', { name: 'Notas fiscais' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the group of the current page', () => {
    renderHeader(admin, '/cms/shopkeepers/users');
    const groups = screen.getAllByTestId('admin-group');
    expect(groups.filter((g) => g.hasAttribute('data-active'))).toHaveLength(1);
    expect(groups[1]).toHaveAttribute('data-active');
  });

  it('has only profile and notifications in the admin user menu, besides logout', async () => {
    renderHeader(admin, '/cms/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /Menu do usuário$/ }));
    const items = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(expect.arrayContaining(['Meu perfil', 'Notificações', 'Sair']));
    expect(items).not.toContain('Convites');
  });
});
