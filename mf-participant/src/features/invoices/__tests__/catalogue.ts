import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// The catalogue as GET /products/get-all answers a participant (its active products), and a line's product picked
// from it as a person does: typing part of its name, brand or SKU, then choosing it in the list.

const product = (sku: string, name: string, brand: string) => ({
  id: `p-${sku}`,
  sku,
  name,
  brand,
  category: 'Pisos',
  active: true,
  createdAt: '2026-01-01T12:00:00Z',
});
export const catalogue = [
  product('PISO-1', 'Porcelanato Areia 60x60', 'Portinari'),
  product('PISO-2', 'Porcelanato Grafite 90x90', 'Portinari'),
  product('MET-1', 'Misturador Monocomando', 'Deca'),
];

export const products = (_body: unknown, params: Record<string, unknown>): [number, unknown] => {
  const search = String(params.search ?? '').toLowerCase();
  const found = catalogue.filter((item) =>
    [item.name, item.brand, item.sku].some((text) => text.toLowerCase().includes(search)),
  );
  return [200, { items: found.slice(0, Number(params.limit)), total: found.length, page: 1, limit: params.limit }];
};

/** Types `search` in the line's product and picks the option named `option`. */
export async function pickProduct(container: HTMLElement, search: string, option: RegExp, line = 0) {
  const input = within(container).getAllByRole('combobox', { name: 'Produto' })[line] as HTMLElement;
  await userEvent.clear(input);
  await userEvent.type(input, search);
  await userEvent.click(await screen.findByRole('option', { name: option }));
  return input;
}
