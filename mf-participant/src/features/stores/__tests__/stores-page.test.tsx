import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { StoresPage } from '../components/stores-page';

const store = (id: string, name: string, city: string, state: string) => ({
  id,
  name,
  cnpj: '11222333000181',
  phone: '1130405060',
  address: { street: 'Avenida Paulista', number: '2001', neighborhood: 'Bela Vista', city, state, zipCode: '01311300' },
});
const all = [store('s1', 'Casa & Acabamento', 'São Paulo', 'SP'), store('s2', 'Casa Moderna', 'Curitiba', 'PR')];

describe('the stores screen', () => {
  beforeEach(() => signIn('professional'));

  it('shows city, address, phone and a map link, and filters by city', async () => {
    const sent = fakeApi({
      '/professionals/stores/get-all': (_body, params) => {
        const items = all.filter((s) => !params.city || s.address.city === params.city);
        return [200, { items, total: items.length, page: 1, limit: 25 }];
      },
    });
    renderPage('/stores', ['/stores'], <StoresPage />);
    expect(await screen.findByText('Casa & Acabamento')).toBeInTheDocument();
    expect(screen.getByText('Avenida Paulista, 2001 · Bela Vista, São Paulo - SP')).toBeInTheDocument();
    expect(screen.getAllByText('(11) 3040-5060')).toHaveLength(2);
    expect(screen.getByText('Curitiba - PR')).toBeInTheDocument();
    const map = screen.getByRole('link', { name: 'Ver no mapa: Casa & Acabamento (abre em nova aba)' });
    expect(map).toHaveTextContent('Ver no mapa');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(map).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('Avenida Paulista, 2001, São Paulo, SP')}`,
    );
    await waitFor(() => expect(screen.getByRole('option', { name: 'Curitiba' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Cidade'), 'Curitiba');
    await waitFor(() => expect(screen.queryByText('Casa & Acabamento')).toBeNull());
    expect(sent.at(-1)?.params).toMatchObject({ city: 'Curitiba' });
  });

  it('sends a shopkeeper back to the overview', async () => {
    signIn('shopkeeper', 'seller');
    fakeApi({});
    renderPage('/stores', ['/stores'], <StoresPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
  });
});
