import { api } from '@especifica/mf-shared';
import { listQuerySchema } from '@especifica/mf-shared/contracts';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { Badge } from '@especifica/mf-shared/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod/mini';
import '../../controls/__tests__/dom-stubs';
import { badgeConcepts, badgeOptions, badgePalette, defineResource, type Page, StateBadge } from '../../kit';
import { drawCell } from '../cells';
import {
  activeFilter,
  cell,
  DataTable,
  defineColumns,
  defineList,
  flagFilter,
  ResourceList,
  type Translate,
  useColumns,
} from '../index';

interface Invoice {
  id: string;
  number: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reason: string | null;
  total: number;
}

const invoices = defineResource({
  name: 'declared-invoices-test',
  query: z.extend(listQuerySchema, { status: z.optional(z.string()) }),
  list: (query) => api.get<Page<Invoice>>('/invoices', { ...query }),
  id: (invoice: Invoice) => invoice.id,
  label: (invoice: Invoice) => invoice.number,
});

// Declared once, at module level, with text keys: the kit's own keys stand for a remote's here.
const invoiceList = defineList<Invoice>({
  resource: invoices,
  caption: 'kit.table',
  search: 'kit.searchPlaceholder',
  headers: 'kit',
  columns: [
    { key: 'number', header: 'kit.search', sort: true },
    {
      key: 'status',
      header: 'kit.filters',
      cell: (invoice) => [
        cell.badge('invoiceStatus', invoice.status),
        invoice.status === 'rejected' && invoice.reason && cell.text('note', invoice.reason),
      ],
    },
    { key: 'total', header: 'kit.export', numeric: true, cell: (invoice) => `R$ ${invoice.total}` },
  ],
  filters: [
    {
      key: 'status',
      label: 'kit.filters',
      options: [{ value: 'pending', label: 'kit.badges.invoiceStatus.pending' }],
    },
  ],
  actions: [
    { key: 'open', label: 'kit.edit' },
    { key: 'page', label: 'kit.next', to: (invoice) => `/invoices/${invoice.id}`, when: (i) => i.status !== 'pending' },
  ],
  empty: { title: 'kit.empty' },
});

const rows: Invoice[] = [
  { id: 'i1', number: '1001', status: 'pending', reason: null, total: 10 },
  { id: 'i2', number: '1002', status: 'rejected', reason: 'Ilegível', total: 20 },
];

describe('a list declared as data', () => {
  it("heads a column by the list's prefix and its key, and sorts it by its key, unless the column says otherwise", () => {
    const [byPrefix, own] = defineColumns<Invoice>('kit', [
      { key: 'search', sort: true },
      { key: 'total', header: 'kit.export', sort: 'amount' },
    ]);
    expect(byPrefix).toMatchObject({ key: 'search', header: 'kit.search', sort: 'search' });
    expect(own).toMatchObject({ key: 'total', header: 'kit.export', sort: 'amount' });
    const list = defineList<Invoice>({ caption: 'kit.table', headers: 'kit', columns: [{ key: 'empty' }] });
    expect(list.columns[0]).toMatchObject({ header: 'kit.empty', sort: undefined });
    expect(list).not.toHaveProperty('headers');
  });

  it('offers the two options of a yes-or-no filter in the order written', () => {
    expect(flagFilter('expired', 'kit.filters', { false: 'kit.active', true: 'kit.inactive' })).toEqual({
      key: 'expired',
      label: 'kit.filters',
      options: [
        { value: 'false', label: 'kit.active' },
        { value: 'true', label: 'kit.inactive' },
      ],
    });
    expect(activeFilter('kit.filters').options?.map((option) => option.value)).toEqual(['true', 'false']);
  });

  it('draws its headers, cells, filters and row actions from text keys and the kit parts', async () => {
    fakeApi({ '/invoices': [200, { items: rows, total: 2, page: 1, limit: 25 }] });
    const opened: string[] = [];
    renderPage(
      '/invoices',
      ['/invoices'],
      <ResourceList list={invoiceList} on={{ open: (invoice) => opened.push(invoice.id) }} />,
    );

    expect(await screen.findByText('1001')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tabela' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Buscar/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('combobox', { name: 'Filtros' })).toHaveTextContent('Pendente');

    const pending = screen.getByText('1001').closest('tr') as HTMLElement;
    expect(within(pending).getByText('Pendente')).toHaveAttribute('data-row-badge', 'quaternary');
    expect(within(pending).queryByRole('link')).toBeNull();
    await userEvent.click(within(pending).getByRole('button', { name: 'Editar' }));
    expect(opened).toEqual(['i1']);

    const rejected = screen.getByText('1002').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Reprovada')).toHaveAttribute('data-row-badge', 'error');
    expect(within(rejected).getByText('Ilegível')).toHaveAttribute('data-row-text', 'note');
    expect(within(rejected).getByText('R$ 20').closest('td')).toHaveAttribute('data-numeric');
    expect(within(rejected).getByRole('link', { name: 'Próxima' })).toHaveAttribute('href', '/invoices/i2');
  });

  it('leaves out the columns and filters a screen hides, and takes options the screen gives', async () => {
    fakeApi({ '/invoices': [200, { items: rows, total: 2, page: 1, limit: 25 }] });
    renderPage(
      '/invoices',
      ['/invoices'],
      <ResourceList
        list={invoiceList}
        hide={['total']}
        options={{ status: [{ value: 'approved', label: 'Só as aprovadas' }] }}
      />,
    );
    expect(await screen.findByText('1001')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Exportar' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Filtros' })).toHaveTextContent('Só as aprovadas');
  });
});

describe("a declared list's other parts", () => {
  it('draws a link in the text, parts side by side, and an action that is a component of its own', async () => {
    fakeApi({ '/invoices': [200, { items: rows, total: 2, page: 1, limit: 25 }] });
    const withParts = defineList<Invoice>({
      resource: invoices,
      caption: 'kit.table',
      headers: 'kit',
      columns: [
        {
          key: 'number',
          header: 'kit.search',
          cell: (invoice) => cell.line(cell.link(invoice.number, `/invoices/${invoice.id}`, { look: 'text' }), 'NF-e'),
        },
        {
          key: 'site',
          header: 'kit.filters',
          cell: (invoice) => cell.external('SEFAZ', `https://nfe.test/${invoice.id}`),
        },
      ],
      actions: [{ key: 'mark', component: ({ item }) => <output>{`marcada ${item.number}`}</output> }],
    });
    renderPage('/invoices', ['/invoices'], <ResourceList list={withParts} />);

    const link = await screen.findByRole('link', { name: '1001' });
    expect(link).toHaveAttribute('data-row-link');
    expect(link).toHaveAttribute('href', '/invoices/i1');
    expect(link.parentElement).toHaveAttribute('data-row-line');
    expect(link.parentElement).toHaveTextContent('1001NF-e');
    const [site] = screen.getAllByRole('link', { name: 'SEFAZ' });
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('marcada 1002')).toBeInTheDocument();
  });
});

describe("a concept's badge", () => {
  it('has one palette per state, in a row and out of it', () => {
    renderPage('/', ['/'], <StateBadge concept="invoiceStatus" state="pending" />);
    expect(screen.getByText('Pendente')).toBeInTheDocument();
    expect(badgePalette('invoiceStatus', 'pending')).toBe(badgeConcepts.invoiceStatus.pending);
    expect(badgePalette('behaviour', 'blocked')).toBe('error');
    expect(badgeOptions('invoiceStatus')).toEqual(
      ['pending', 'approved', 'rejected', 'cancelled'].map((state) => ({
        value: state,
        label: `kit.badges.invoiceStatus.${state}`,
      })),
    );
  });

  it("names a thing of its own in its state's palette, with a title on hover", () => {
    const boost = cell.badge('productBoost', 'running', { text: 'Mês dos Metais · 1,5x', title: 'Até 31/05/2026' });
    renderPage(
      '/',
      ['/'],
      <>{drawCell([boost, cell.badge('inviteState', 'sent')], ((key: string) => key) as unknown as Translate)}</>,
    );
    const named = screen.getByText('Mês dos Metais · 1,5x');
    expect(named).toHaveAttribute('data-row-badge', badgeConcepts.productBoost.running);
    expect(named).toHaveAttribute('title', 'Até 31/05/2026');
    const plain = screen.getByText('kit.badges.inviteState.sent');
    expect(plain).toHaveAttribute('data-row-badge', 'stone');
    expect(plain).not.toHaveAttribute('title');
  });
});

describe('a folded detail', () => {
  it('opens on its summary onto its labelled blocks, side by side in the rows of a table', async () => {
    const columns = defineColumns<Invoice>('kit', [
      {
        key: 'change',
        header: 'kit.filters',
        cell: (invoice) =>
          cell.details('Ver antes e depois', [
            { label: 'Antes', text: '"pending"' },
            { label: 'Depois', text: `"${invoice.status}"` },
          ]),
      },
    ]);
    renderPage('/', ['/'], <ColumnsTable columns={columns} />);
    const summary = await screen.findByText('Ver antes e depois');
    const after = screen.getByText('"approved"');
    expect(after).not.toBeVisible();
    await userEvent.click(summary);
    expect(after).toBeVisible();
    expect(after.tagName).toBe('PRE');
    expect(screen.getByText('Depois')).toBeVisible();
    expect(summary.closest('details')).toHaveAttribute('open');
  });
});

function ColumnsTable({ columns }: { columns: Parameters<typeof useColumns<Invoice>>[0] }) {
  const table = useColumns(columns);
  return (
    <DataTable
      columns={table}
      rows={[{ id: 'i1', number: 'NF 1', status: 'approved', reason: null, total: 1 }]}
      rowId={(row) => row.id}
    />
  );
}

describe("a cell's type", () => {
  it('admits the kit parts, text and figures, and refuses any other element', () => {
    const columns = defineColumns<Invoice>('kit', [
      { key: 'number', header: 'kit.search', cell: (invoice) => [cell.text('strong', invoice.number), 12] },
      {
        key: 'status',
        header: 'kit.filters',
        // @ts-expect-error a Chakra element is not one of the kit's cell parts
        cell: () => <Badge>Pendente</Badge>,
      },
      // @ts-expect-error nor is a plain element
      { key: 'total', header: 'kit.export', cell: () => <span>10</span> },
    ]);
    expect(columns).toHaveLength(3);
  });

  it("is the only way: ResourceList takes a declared list, never columns of the screen's own", () => {
    const undeclared = { resource: invoices, columns: [], caption: 'Notas' };
    // @ts-expect-error a list is declared (defineList): ResourceList has no `columns` form
    const element = <ResourceList {...undeclared} />;
    expect(element.props).not.toHaveProperty('list');
  });
});
