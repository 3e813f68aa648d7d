import { Form, SubmitButton, useForm } from '@especifica/mf-shared/forms';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PickedStore, StorePickerField } from '../store-picker';

const store = (n: number, name = `Loja ${n}`) => ({
  id: `s${n}`,
  name,
  cnpj: String(11_222_333_000_100 + n).padStart(14, '0'),
  email: null,
  phone: null,
  address: null,
  active: true,
  users: 0,
  createdAt: '2026-01-01T12:00:00Z',
});
// 150 stores: more than a page, so a store past the hundredth can only be found by searching.
const all = [...Array.from({ length: 149 }, (_, i) => store(i + 1)), store(150, 'Casa & Acabamento Centro')];
const answer = (_body: unknown, params: Record<string, unknown>): [number, unknown] => {
  const search = String(params.search ?? '').toLowerCase();
  const found = all.filter((s) => !search || s.name.toLowerCase().includes(search) || s.cnpj.includes(search));
  return [200, { items: found.slice(0, Number(params.limit)), total: found.length, page: 1, limit: params.limit }];
};

function Harness({ onSubmit, current }: { onSubmit: (value: string) => void; current?: PickedStore }) {
  const form = useForm<{ storeId: string }>({ defaultValues: { storeId: current?.id ?? '' } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        onSubmit(values.storeId);
        return null;
      }}
    >
      <StorePickerField<{ storeId: string }> name="storeId" label="Loja" current={current} />
      <SubmitButton>Enviar</SubmitButton>
    </Form>
  );
}

describe('the store picker', () => {
  it('searches every store as the admin types, once typing stops, and picks one with the keyboard', async () => {
    const sent = fakeApi({ '/cms/stores/get-all': answer });
    const submitted: string[] = [];
    renderPage('/', ['/'], <Harness onSubmit={(value) => submitted.push(value)} />);
    const input = screen.getByRole('combobox', { name: 'Loja' });
    await userEvent.click(input);
    const list = await screen.findByRole('listbox', { name: 'Loja' });
    expect(await within(list).findAllByRole('option')).toHaveLength(8);
    expect(await screen.findByText('Mais 142 lojas: digite mais para encontrar a sua.')).toBeInTheDocument();

    await userEvent.type(input, 'Casa');
    expect(await within(list).findByRole('option', { name: /Casa & Acabamento Centro/ })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    const searches = sent.filter((call) => call.url === '/cms/stores/get-all').map((call) => call.params?.search);
    // One call for the opened list and one once the typing stopped: none for "C", "Ca", "Cas".
    expect(searches).toEqual([undefined, 'Casa']);

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Casa & Acabamento Centro (11.222.333/0002-50)');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(submitted).toEqual(['s150']));
  });

  it('says when no store matches, and shows the store already chosen when editing', async () => {
    fakeApi({ '/cms/stores/get-all': answer });
    const submitted: string[] = [];
    renderPage(
      '/',
      ['/'],
      <Harness
        onSubmit={(value) => submitted.push(value)}
        current={{ id: 's7', name: 'Loja 7', cnpj: '11222333000107' }}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Loja' });
    expect(input).toHaveValue('Loja 7 (11.222.333/0001-07)');
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('Nenhuma loja encontrada.')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Text that names no store leaves no store chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(submitted).toEqual(['']));
  });
});
