import { api } from '@especifica/mf-shared';
import { listQuerySchema } from '@especifica/mf-shared/contracts';
import { useLocation } from '@especifica/mf-shared/router';
import { fakeApi, recordToasts, renderPage, sheetRules } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { z } from 'zod/mini';
import '../../controls/__tests__/dom-stubs';
import { deferredQuerySchema, defineResource, type Page, parseListQuery, useListState } from '../../kit';
import {
  type Columns,
  DataTable,
  defineList,
  nextSort,
  ResourceList,
  RowBadge,
  RowButton,
  RowLink,
  RowText,
} from '../index';

interface Person {
  id: string;
  name: string;
  active: boolean;
}

const people = defineResource({
  name: 'people-test',
  query: z.extend(listQuerySchema, { sort: z.optional(z.enum(['name', '-name'])) }),
  list: (query) => api.get<Page<Person>>('/people', { ...query }),
  id: (person: Person) => person.id,
  label: (person: Person) => person.name,
  status: {
    isActive: (person: Person) => person.active,
    change: (person: Person, active: boolean) => api.post('/people/change-status', { id: person.id, active }),
  },
});
const columns: Columns<Person> = [{ accessorKey: 'name', header: 'Nome', meta: { sort: 'name' } }];
const ana = { id: 'p1', name: 'Ana', active: true };
const page = (items: Person[], total = items.length) => ({ items, total, page: 1, limit: 25 });

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}
// The texts of a declaration are keys; a key without a text is shown as it is, which stands for a text here.
const personList = defineList<Person>({
  resource: people,
  caption: 'Pessoas',
  search: 'Nome',
  headers: 'people',
  columns: [{ key: 'name', header: 'Nome', sort: true }],
  status: 'Situação',
  filters: [{ key: 'active', label: 'Ativo', options: [{ value: 'true', label: 'Ativo' }] }],
  empty: { title: 'Nenhuma pessoa cadastrada.' },
});
const renderList = (url: string) =>
  renderPage(
    url,
    ['/people'],
    <>
      <ResourceList list={personList} />
      <Where />
    </>,
  );

describe('the list screen pattern', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('reads page, search, filter and sort from the URL and asks the API for exactly that view', async () => {
    const sent = fakeApi({ '/people': [200, page([ana], 60)] });
    renderList('/people?page=2&search=an&active=true&sort=-name&limit=50');
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(sent[0]?.params).toMatchObject({ page: 2, limit: 50, search: 'an', active: true, sort: '-name' });
    expect(screen.getByTestId('page-range')).toHaveTextContent('51–60 de 60');
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it("draws a column's sort state as an icon, not as an arrow character the typeface lacks", async () => {
    fakeApi({ '/people': [200, page([ana])] });
    const { unmount } = renderList('/people?sort=name');
    await screen.findByText('Ana');
    const header = screen.getByRole('columnheader', { name: /Nome/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(header.querySelector('svg[aria-hidden="true"]')).toHaveAttribute('data-sort-arrow', 'ascending');
    expect(header).toHaveTextContent(/^Nome$/);
    unmount();
    renderList('/people');
    await screen.findByText('Ana');
    const unsorted = screen.getByRole('columnheader', { name: /Nome/ });
    expect(unsorted).toHaveAttribute('aria-sort', 'none');
    expect(unsorted.querySelector('svg')).toHaveAttribute('data-sort-arrow', 'none');
    expect(unsorted).toHaveTextContent(/^Nome$/);
  });

  it('drops a value the contract refuses instead of breaking the page', async () => {
    const sent = fakeApi({ '/people': [200, page([ana])] });
    renderList('/people?page=abc&limit=7000&search=ana');
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(sent[0]?.params).toMatchObject({ page: 1, limit: 25, search: 'ana' });
  });

  it('keeps sorting and paging in the URL, back to page 1 when the sort changes', async () => {
    const sent = fakeApi({ '/people': [200, page([ana], 80)] });
    renderList('/people');
    await screen.findByText('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('page=2'));
    await userEvent.click(screen.getByRole('button', { name: /Nome/ }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('?sort=name'));
    await waitFor(() => expect(sent.at(-1)?.params).toMatchObject({ page: 1, sort: 'name' }));
  });

  it('folds the filters behind a button that counts those in use on narrow screens', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 767px') });
    try {
      const sent = fakeApi({ '/people': [200, page([ana])] });
      renderList('/people?active=true');
      expect(await screen.findByText('Ana')).toBeInTheDocument();
      expect(sent[0]?.params).toMatchObject({ active: true });
      // Its name begins with what it shows ("Filtros" and the count's badge), as voice control needs.
      const toggle = screen.getByRole('button', { name: 'Filtros 1 em uso' });
      expect(toggle).toHaveTextContent('Filtros1em uso');
      expect(toggle).not.toHaveAttribute('aria-label');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('combobox', { name: 'Ativo', hidden: true })).not.toBeVisible();
      expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('combobox', { name: 'Ativo' })).toBeVisible();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('keeps the filters in the bar on wide screens, with no button to fold them', async () => {
    fakeApi({ '/people': [200, page([ana])] });
    renderList('/people');
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ativo' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
  });

  it('tells an empty list from a search that found nothing, and clears the filters', async () => {
    fakeApi({ '/people': [200, page([])] });
    const { unmount } = renderList('/people');
    expect(await screen.findByText('Nenhuma pessoa cadastrada.')).toBeInTheDocument();
    unmount();
    renderList('/people?search=zzz');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^$/));
  });

  it("gives an empty list its drawing and its next step: a page, the list's own form, or the screen's handler", async () => {
    fakeApi({ '/people': [200, page([])] });
    const bare = {
      resource: people,
      caption: 'Pessoas',
      headers: 'people',
      columns: [{ key: 'name', header: 'Nome' }],
    };
    const linked = defineList<Person>({
      ...bare,
      empty: { title: 'Nenhuma pessoa.', drawing: 'people', next: { label: 'Ver lojas', to: '/stores' } },
    });
    const first = renderPage('/people', ['/people'], <ResourceList list={linked} />);
    expect(await screen.findByRole('link', { name: 'Ver lojas' })).toHaveAttribute('href', '/stores');
    expect(screen.getByTestId('empty-state').querySelector('svg')).toHaveAttribute('data-drawing', 'people');
    first.unmount();

    const invite = jest.fn();
    const handled = defineList<Person>({
      ...bare,
      empty: { title: 'Nenhuma pessoa.', next: { label: 'Convidar', on: 'invite' } },
    });
    const second = renderPage('/people', ['/people'], <ResourceList list={handled} on={{ invite }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Convidar' }));
    expect(invite).toHaveBeenCalledTimes(1);
    second.unmount();

    const creating = defineList<Person>({
      ...bare,
      empty: { title: 'Nenhuma pessoa.', next: { label: 'Cadastrar pessoa', create: true } },
      form: { create: 'Nova pessoa', edit: 'Editar pessoa', render: () => <p>o formulário</p> },
    });
    renderPage('/people', ['/people'], <ResourceList list={creating} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cadastrar pessoa' }));
    expect(await screen.findByText('o formulário')).toBeInTheDocument();
  });

  it('draws a search that found nothing with the search drawing', async () => {
    fakeApi({ '/people': [200, page([])] });
    renderList('/people?search=zzz');
    await screen.findByText('Nenhum resultado encontrado');
    expect(screen.getByTestId('empty-state').querySelector('svg')).toHaveAttribute('data-drawing', 'search');
  });

  it("shows the server's msg with a retry that asks again", async () => {
    let calls = 0;
    fakeApi({ '/people': () => (++calls === 1 ? [500, { msg: 'Banco indisponível.' }] : [200, page([ana])]) });
    renderList('/people');
    expect(await screen.findByRole('alert')).toHaveTextContent('Banco indisponível.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ana')).toBeInTheDocument();
  });

  it('switches a status at once and puts it back with "Desfazer"', async () => {
    const sent = fakeApi({ '/people': [200, page([ana])], '/people/change-status': [200, { msg: 'ok' }] });
    renderList('/people');
    const row = (await screen.findByText('Ana')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Status de Ana' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/people/change-status')).toBe(true));
    expect(sent.find((call) => call.url === '/people/change-status')?.body).toEqual({ id: 'p1', active: false });
    await userEvent.click(await within(row).findByRole('button', { name: 'Desfazer' }, { timeout: 3000 }));
    await waitFor(() =>
      expect(sent.filter((call) => call.url === '/people/change-status').at(-1)?.body).toEqual({
        id: 'p1',
        active: true,
      }),
    );
  });

  it('puts the switch back and shows the msg when the server refuses the change', async () => {
    fakeApi({
      '/people': [200, page([ana])],
      '/people/change-status': [403, { msg: 'Você não pode desativar a sua própria conta.' }],
    });
    renderList('/people');
    const row = (await screen.findByText('Ana')).closest('tr') as HTMLElement;
    const toggle = within(row).getByRole('checkbox', { name: 'Status de Ana' });
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Você não pode desativar a sua própria conta.'),
    );
    await waitFor(() => expect(toggle.closest('[data-scope="switch"]')).toHaveAttribute('data-state', 'checked'));
    expect(within(row).queryByRole('button', { name: 'Desfazer' })).toBeNull();
  });
});

describe('list query helpers', () => {
  it('cycles a column through ascending, descending and no sort', () => {
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeUndefined();
    expect(nextSort('-email', 'name')).toBe('name');
  });

  it('falls back to the defaults for values the contract refuses', () => {
    const query = parseListQuery(listQuerySchema, new URLSearchParams('page=0&active=maybe&search=x'), {});
    expect(query).toMatchObject({ page: 1, limit: 25, search: 'x' });
    expect(query.active).toBeUndefined();
  });
});

const choosable = [ana, { id: 'p2', name: 'Bruno', active: true }, { id: 'p3', name: 'Carla', active: false }];
function Chooser({ cards = false, labelled = true }: { cards?: boolean; labelled?: boolean }) {
  // One id chosen on another page: the page's boxes leave it alone.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(['elsewhere']));
  return (
    <>
      <DataTable
        columns={columns}
        rows={choosable}
        rowId={(row) => row.id}
        caption="Pessoas"
        cards={cards}
        selection={{
          selected,
          onChange: setSelected,
          canSelect: (person) => person.active,
          ...(labelled
            ? { rowLabel: (person: Person) => `Escolher ${person.name}`, pageLabel: 'Escolher a página' }
            : {}),
        }}
      />
      <output data-testid="chosen">{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('the data table', () => {
  it('scrolls inside a region a keyboard can reach, named after its caption', async () => {
    renderPage('/t', ['/t'], <DataTable columns={columns} rows={[ana]} rowId={(row) => row.id} caption="Pessoas" />);
    const region = screen.getByRole('region', { name: 'Pessoas' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBe(screen.getByTestId('data-table'));
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('names the region "Tabela" when the table has no caption', () => {
    renderPage('/t', ['/t'], <DataTable columns={columns} rows={[ana]} rowId={(row) => row.id} />);
    expect(screen.getByRole('region', { name: 'Tabela' })).toContainElement(screen.getByText('Ana'));
  });

  describe('row selection', () => {
    const chosen = () => screen.getByTestId('chosen').textContent;

    it('chooses one row by its named box, and every selectable row of the page at once', async () => {
      renderPage('/t', ['/t'], <Chooser />);
      expect(screen.queryByRole('checkbox', { name: 'Escolher Carla' })).toBeNull();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Escolher Ana' }));
      expect(chosen()).toBe('elsewhere,p1');
      expect(screen.getByRole('checkbox', { name: 'Escolher Ana' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Escolher a página' })).not.toBeChecked();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Escolher a página' }));
      expect(chosen()).toBe('elsewhere,p1,p2');
      expect(screen.getByRole('checkbox', { name: 'Escolher a página' })).toBeChecked();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Escolher a página' }));
      expect(chosen()).toBe('elsewhere');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Escolher Bruno' }));
      expect(chosen()).toBe('elsewhere,p2');
    });

    it('names the boxes in pt-BR by the row when the caller gives no names, on cards too', async () => {
      renderPage('/t', ['/t'], <Chooser cards labelled={false} />);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno' }));
      expect(chosen()).toBe('elsewhere,p2');
      expect(within(screen.getAllByTestId('data-card')[2] as HTMLElement).queryByRole('checkbox')).toBeNull();
    });

    it('adds no column when the caller does not ask for selection', () => {
      renderPage('/t', ['/t'], <DataTable columns={columns} rows={choosable} rowId={(row) => row.id} />);
      expect(screen.queryByRole('checkbox')).toBeNull();
    });
  });

  it("draws a row's badge, button and link as the elements they are, on cards too", async () => {
    const opened: string[] = [];
    for (const cards of [false, true]) {
      const view = renderPage(
        '/t',
        ['/t', '/people/:id'],
        <DataTable
          columns={[
            ...columns,
            {
              id: 'state',
              header: 'Situação',
              cell: ({ row }) => <RowBadge palette="success">{row.original.active ? 'Ativa' : 'Inativa'}</RowBadge>,
            },
          ]}
          rows={[ana]}
          rowId={(row) => row.id}
          cards={cards}
          actions={(person) => (
            <>
              <RowButton onClick={() => opened.push(person.id)}>Ver</RowButton>
              <RowLink to={`/people/${person.id}`} aria-label={`Abrir ${person.name}`}>
                Abrir
              </RowLink>
            </>
          )}
        />,
      );
      expect(screen.getByText('Ativa')).toHaveAttribute('data-row-badge', 'success');
      await userEvent.click(screen.getByRole('button', { name: 'Ver' }));
      expect(screen.getByRole('button', { name: 'Ver' })).toHaveAttribute('type', 'button');
      expect(screen.getByRole('link', { name: 'Abrir Ana' })).toHaveAttribute('href', '/people/p1');
      view.unmount();
    }
    expect(opened).toEqual(['p1', 'p1']);
  });

  it("styles a row's texts by their tone and a plain button apart from the outline ones, from the list's one class", () => {
    renderPage(
      '/t',
      ['/t'],
      <DataTable
        columns={[
          {
            id: 'who',
            header: 'Quem',
            cell: ({ row }) => (
              <>
                <RowText tone="strong">{row.original.name}</RowText>
                <RowText tone="muted">São Paulo</RowText>
              </>
            ),
          },
          { id: 'points', header: 'Pontos', cell: () => <RowText tone="loss">-10</RowText> },
        ]}
        rows={[ana]}
        rowId={(row) => row.id}
        actions={() => (
          <>
            <RowButton>Ver</RowButton>
            <RowButton look="plain">Ver cálculo</RowButton>
          </>
        )}
      />,
    );
    expect(screen.getByText('-10')).toHaveAttribute('data-row-text', 'loss');
    expect(screen.getByText('São Paulo')).toHaveAttribute('data-row-text', 'muted');
    expect(screen.getByRole('button', { name: 'Ver' })).toHaveAttribute('data-row-button', '');
    expect(screen.getByRole('button', { name: 'Ver cálculo' })).toHaveAttribute('data-row-button', 'plain');
    const rules = sheetRules();
    const rule = (selector: string) =>
      rules.find((text) => text.includes(`${selector} {`) || text.includes(`${selector}{`));
    // The loss family's fg role: its 700 in the light theme, its 300 in the dark one.
    expect(rule('[data-row-text=loss]')).toMatch(/color: ?var\(--[\w-]*colors-error-fg\)/);
    expect(rule('[data-row-text=muted]')).toMatch(/display: ?block/);
    // The outline button's rule names the empty value, so a plain button takes none of its borders.
    expect(rule('[data-row-button=""]')).toMatch(/border-width: ?1px/);
    expect(rule('[data-row-button=plain]')).not.toMatch(/border-width: ?1px/);
  });

  it('does not draw its rows again for state of the page that is not theirs', async () => {
    fakeApi({ '/people': [200, page([ana, { id: 'p2', name: 'Bruno', active: true }])] });
    drawn.length = 0;
    renderPage('/people', ['/people'], <CountedList />);
    expect(await screen.findByText('Bruno')).toBeInTheDocument();
    const before = drawn.length;
    await userEvent.click(screen.getByRole('button', { name: 'Outra coisa' }));
    expect(screen.getByTestId('other')).toHaveTextContent('1');
    expect(drawn).toHaveLength(before);
    // The rows' own state still draws them: a sort is a new page of rows.
    await userEvent.click(screen.getByRole('button', { name: /Nome/ }));
    await waitFor(() => expect(drawn.length).toBeGreaterThan(before));
  });

  it('shows cards, not a scroll region, on narrow screens', () => {
    renderPage(
      '/t',
      ['/t'],
      <DataTable columns={columns} rows={[ana]} rowId={(row) => row.id} cards caption="Pessoas" />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getAllByTestId('data-card')).toHaveLength(1);
  });

  it('leaves the cards out of the screen to be drawn when they come near, at the height their fields estimate', () => {
    const wide: Columns<Person> = [
      ...columns,
      { id: 'id', accessorKey: 'id', header: 'Código' },
      { id: 'active', accessorFn: (row) => (row.active ? 'Sim' : 'Não'), header: 'Ativo' },
      { id: 'hidden', accessorKey: 'id', header: 'Oculto', meta: { hideOnCard: true } },
    ];
    const rules: string[] = [];
    const heightOf = (cols: Columns<Person>, actions?: () => string) => {
      const { unmount } = renderPage(
        '/t',
        ['/t'],
        <DataTable columns={cols} rows={[ana]} rowId={(row) => row.id} cards caption="Pessoas" actions={actions} />,
      );
      const value = screen.getByTestId('data-cards').style.getPropertyValue('--card-estimate');
      rules.push(...sheetRules());
      unmount();
      return Number.parseInt(value, 10);
    };
    const titleOnly = heightOf(columns);
    // Two more fields on the card (the hidden one does not count), then the same with its buttons.
    expect(heightOf(wide)).toBe(titleOnly + 2 * 28);
    expect(heightOf(wide, () => 'Editar')).toBe(titleOnly + 2 * 28 + 56);
    const card = rules.find((rule) => rule.includes('[data-card]') && rule.includes('content-visibility'));
    expect(card).toMatch(/content-visibility: ?auto/);
    expect(card).toMatch(/contain-intrinsic-size: ?auto var\(--card-estimate\)/);
  });
});

/** The names each row's cell was drawn with, in order: to tell whether the rows were drawn again. */
const drawn: string[] = [];
const countedList = defineList<Person>({
  resource: people,
  caption: 'Pessoas',
  headers: 'people',
  columns: [
    {
      key: 'name',
      header: 'Nome',
      sort: true,
      cell: (person) => {
        drawn.push(person.name);
        return person.name;
      },
    },
  ],
  actions: [{ key: 'see', label: 'Ver' }],
});
function CountedList() {
  const [other, setOther] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOther((n) => n + 1)}>
        Outra coisa
      </button>
      <output data-testid="other">{other}</output>
      {/* A new handler at each render of the page, as a screen writes it: the rows are not drawn again for it. */}
      <ResourceList list={countedList} on={{ see: () => setOther((n) => n + 10) }} />
    </>
  );
}

const periodQuery = z.extend(listQuerySchema, { from: z.optional(z.string()), to: z.optional(z.string()) });
function TwoDates() {
  const [, update] = useListState(periodQuery);
  return (
    <button
      type="button"
      onClick={() => {
        // Two filters changed before the page renders again, as two dates typed in a row.
        update({ from: '2026-11-01' });
        update({ to: '2026-11-24' });
      }}
    >
      Período
    </button>
  );
}

describe('useListState', () => {
  it('keeps both of two changes made before the next render', async () => {
    renderPage(
      '/t?page=2',
      ['/t'],
      <>
        <TwoDates />
        <Where />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Período' }));
    const search = new URLSearchParams(screen.getByTestId('url').textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });
});

describe('a list whose query contract arrives after its first screen', () => {
  const schema = z.extend(listQuerySchema, { sort: z.optional(z.enum(['name', '-name'])) });
  const deferredList = (load: () => Promise<typeof schema>) =>
    defineResource({ ...people, name: 'people-deferred', query: deferredQuerySchema(load) });

  it("draws the URL's search at once, reads nothing until the contract arrives, then asks for the view it allows", async () => {
    let arrive: (loaded: typeof schema) => void = () => undefined;
    const contract = new Promise<typeof schema>((resolve) => {
      arrive = resolve;
    });
    const sent = fakeApi({ '/people': [200, page([ana])] });
    renderPage(
      '/people?search=an&sort=sideways&page=2',
      ['/people'],
      <ResourceList list={personList} resource={deferredList(() => contract)} hide={['active']} />,
    );
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('an');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    arrive(schema);
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    // The refused sort is dropped, as with a contract given at once; what it allows is kept.
    expect(sent.map((call) => call.params)).toEqual([{ page: 2, limit: 25, search: 'an' }]);
  });

  it('leaves the checking to the server when the contract cannot arrive, and shows its msg', async () => {
    const sent = fakeApi({ '/people': [422, { msg: 'Digite uma página válida.' }] });
    renderPage(
      '/people?page=zero',
      ['/people'],
      <ResourceList
        list={personList}
        resource={deferredList(() => Promise.reject(new Error('Loading chunk failed.')))}
        hide={['active']}
      />,
    );
    expect(await screen.findByText('Digite uma página válida.')).toBeInTheDocument();
    expect(sent.map((call) => call.params)).toEqual([{ page: 1, limit: 25 }]);
  });
});
