import type { StoreUser } from '@especifica/mf-shared/contracts';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { StoreTeamPage } from '../components/store-team-page';

const person = (id: string, name: string, changes: Partial<StoreUser> = {}): StoreUser => ({
  id,
  name,
  email: `${id}@loja.dev`,
  cpf: null,
  cellphone: null,
  shopkeeperType: 'seller',
  approval: 'approved',
  active: true,
  storeId: 's1',
  storeName: 'Casa & Acabamento Demo',
  storeCnpj: '11222333000181',
  points: 0,
  createdAt: '2026-05-01T12:00:00Z',
  ...changes,
});

describe("the manager's store team screen", () => {
  it('lists the store’s people with what each does, whether active, and the points of each', async () => {
    signIn('shopkeeper', 'manager');
    const sent = fakeApi({
      '/shopkeeper/store-users/team': [
        200,
        {
          items: [
            person('u1', 'Sérgio Vendedor', { points: 450.75 }),
            person('u2', 'Carla Consultora', { shopkeeperType: 'consultant', points: 1500 }),
            person('u3', 'Vera Antiga', { active: false }),
          ],
          total: 3,
          page: 1,
          limit: 25,
        },
      ],
    });
    renderPage('/store-team', ['/store-team'], <StoreTeamPage />);
    const table = await screen.findByRole('table', { name: 'Equipe' });
    const sergio = within(table).getByText('Sérgio Vendedor').closest('tr') as HTMLElement;
    expect(sergio).toHaveTextContent('Vendedor');
    expect(sergio).toHaveTextContent('450,75');
    const carla = within(table).getByText('Carla Consultora').closest('tr') as HTMLElement;
    expect(carla).toHaveTextContent('Consultor');
    expect(carla).toHaveTextContent('1.500');
    expect(within(table).getByText('Vera Antiga').closest('tr')).toHaveTextContent('Inativo');
    expect(sent.some((call) => call.url === '/shopkeeper/store-users/team')).toBe(true);
  });

  it('sends a seller, who has no team to lead, to the overview', async () => {
    signIn('shopkeeper', 'seller');
    const sent = fakeApi({});
    renderPage('/store-team', ['/store-team', '/dashboard'], <StoreTeamPage />);
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Equipe da loja' })).toBeNull();
  });
});
