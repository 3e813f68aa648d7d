import type { Product } from '@especifica/mf-shared/contracts';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductsPage } from '../components/products-page';

const porcelanato: Product = {
  id: '7a1f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01',
  sku: 'PORC-6060-BR',
  name: 'Porcelanato Polido 60x60 Branco',
  brand: 'Portobello',
  category: 'Revestimentos',
  active: true,
  createdAt: '2026-01-10T12:00:00Z',
  image: null,
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const names = (...items: string[]) => page(items.map((name) => ({ name, products: 3 })));

jest.setTimeout(20_000);

describe('the products screen', () => {
  it('filters by brand and category from the URL and by the selects', async () => {
    const sent = fakeApi({
      '/products/get-all': page([porcelanato]),
      '/products/get-all-brands': names('Deca', 'Portobello'),
      '/products/get-all-categories': names('Metais', 'Revestimentos'),
    });
    renderPage('/cms/products/list?brand=Portobello', ['/cms/products/list'], <ProductsPage />);
    const row = (await screen.findByText('Porcelanato Polido 60x60 Branco')).closest('tr') as HTMLElement;
    expect(within(row).getByText('PORC-6060-BR')).toBeInTheDocument();
    expect(within(row).getByText('Revestimentos')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/products/get-all')?.params).toMatchObject({
      brand: 'Portobello',
      sort: 'name',
    });
    await screen.findByRole('option', { name: 'Metais (3)' });
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), 'Metais');
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/products/get-all').at(-1)?.params).toMatchObject({
        brand: 'Portobello',
        category: 'Metais',
      }),
    );
  });

  it('switches a product off and offers to undo it', async () => {
    const sent = fakeApi({
      '/products/get-all': page([porcelanato]),
      '/products/get-all-brands': names('Portobello'),
      '/products/get-all-categories': names('Revestimentos'),
      '/products/change-status': [200, { msg: 'Produto desativado com sucesso!' }],
    });
    renderPage('/cms/products/list', ['/cms/products/list'], <ProductsPage />);
    await userEvent.click(await screen.findByLabelText('Status de Porcelanato Polido 60x60 Branco'));
    expect(await screen.findByRole('button', { name: 'Desfazer' })).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/products/change-status')?.body).toEqual({ id: porcelanato.id, active: false });
    await userEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/products/change-status').map((c) => c.body)).toEqual([
        { id: porcelanato.id, active: false },
        { id: porcelanato.id, active: true },
      ]),
    );
  });

  it('says what to do when the catalogue is empty', async () => {
    fakeApi({
      '/products/get-all': page([]),
      '/products/get-all-brands': names(),
      '/products/get-all-categories': names(),
    });
    renderPage('/cms/products/list', ['/cms/products/list'], <ProductsPage />);
    expect(await screen.findByText('Nenhum produto cadastrado ainda.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importar produtos' })).toHaveAttribute('href', '/cms/products/import');
  });
});
