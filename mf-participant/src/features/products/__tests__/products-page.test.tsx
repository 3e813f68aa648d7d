import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductsPage } from '../components/products-page';

const DAY = 86_400_000;
const product = (id: string, name: string, brand: string, category: string) => ({
  id,
  sku: `SKU-${id}`,
  name,
  brand,
  category,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  image: id === 'p1' ? `/api/products/${id}/image?v=1` : null,
});
const running = {
  id: 'a1',
  name: 'Mês dos Metais',
  description: '',
  multiplier: 1.5,
  targetType: 'category',
  targetValue: 'Metais Sanitários',
  targetLabel: 'Metais Sanitários',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const names = (...list: string[]) =>
  [200, { items: list.map((name) => ({ name, products: 3 })), total: list.length, page: 1, limit: 100 }] as [
    number,
    unknown,
  ];

describe('the products screen', () => {
  it('shows the accelerators that apply now on the products they apply to, and filters by brand', async () => {
    const sent = fakeApi({
      '/products/get-all': (_body, params) => [
        200,
        {
          items: [
            product('p1', 'Torneira Gourmet', 'Deca', 'Metais Sanitários'),
            product('p2', 'Porcelanato 90x90', 'Portobello', 'Revestimentos'),
          ].filter((p) => !params.brand || p.brand === params.brand),
          total: 2,
          page: 1,
          limit: 25,
        },
      ],
      '/products/get-all-brands': names('Deca', 'Portobello'),
      '/products/get-all-categories': names('Metais Sanitários', 'Revestimentos'),
      '/professionals/dashboard/get-all-accelerators': [200, { items: [running], total: 1, page: 1, limit: 100 }],
    });
    renderPage('/products', ['/products'], <ProductsPage />);
    const row = (await screen.findByText('Torneira Gourmet')).closest('tr') as HTMLElement;
    const boost = await within(row).findByText('Mês dos Metais · 1,5x');
    expect(boost).toHaveAttribute('data-row-badge', 'brass');
    expect(boost).toHaveAttribute('title', expect.stringMatching(/^Até \d{2}\/\d{2}\/\d{4}$/));
    const other = screen.getByText('Porcelanato 90x90').closest('tr') as HTMLElement;
    expect(within(other).queryByText(/Mês dos Metais/)).toBeNull();
    expect(within(other).getByText('—')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Marca'), 'Portobello');
    await waitFor(() => expect(screen.queryByText('Torneira Gourmet')).toBeNull());
    expect(sent.at(-1)?.params).toMatchObject({ brand: 'Portobello' });
  });

  it("shows each product's picture as a 16:9 thumbnail whose box is there before the file, loaded near the screen", async () => {
    fakeApi({
      '/products/get-all': [
        200,
        {
          items: [
            product('p1', 'Torneira Gourmet', 'Deca', 'Metais Sanitários'),
            product('p2', 'Porcelanato 90x90', 'Portobello', 'Revestimentos'),
          ],
          total: 2,
          page: 1,
          limit: 25,
        },
      ],
      '/products/get-all-brands': names('Deca'),
      '/products/get-all-categories': names('Metais Sanitários'),
      '/professionals/dashboard/get-all-accelerators': [200, { items: [], total: 0, page: 1, limit: 100 }],
    });
    renderPage('/products', ['/products'], <ProductsPage />);
    const row = (await screen.findByText('Torneira Gourmet')).closest('tr') as HTMLElement;
    const box = row.querySelector('[data-row-picture]') as HTMLElement;
    expect(box).toHaveStyle({ aspectRatio: '16 / 9', width: '64px', overflow: 'hidden' });
    const img = box.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/products/p1/image?v=1');
    expect(img).toHaveAttribute('width', '64');
    expect(img).toHaveAttribute('height', '36');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveStyle({ objectFit: 'cover' });
    // Without a picture, the same box, empty: the rows keep one height.
    const other = screen.getByText('Porcelanato 90x90').closest('tr') as HTMLElement;
    expect(other.querySelector('[data-row-picture]')).toBeInTheDocument();
    expect(other.querySelector('[data-row-picture] img')).toBeNull();
  });
});
