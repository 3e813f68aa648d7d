import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { CategoriesPage } from '../components/categories-page';

const levels = [
  { id: 'l1', name: 'Bronze', points: 0, sublevels: 3, benefits: 'Extrato e catálogo.' },
  { id: 'l2', name: 'Prata', points: 10000, sublevels: 3, benefits: 'Eventos regionais.' },
  { id: 'l3', name: 'Ouro', points: 50000, sublevels: 2, benefits: 'Cursos exclusivos.' },
];
const settings = { pointsPerReal: 1, expiryMonths: 24, customerWindowDays: 180, levels };
const standing = (over = {}) => ({
  level: 'Prata',
  sublevel: 2,
  earnedInCycle: 30000,
  balance: 25000,
  nextLevel: 'Ouro',
  pointsToNextLevel: 20000,
  progress: 50,
  cycleYear: 2026,
  benefits: '',
  levels,
  ...over,
});

describe('the categories screen', () => {
  it('lists the levels in order with threshold, sublevels and benefits, and highlights mine with its progress', async () => {
    signIn('professional');
    fakeApi({ '/professionals/settings': [200, settings], '/professionals/dashboard/get-level': [200, standing()] });
    renderPage('/categories', ['/categories'], <CategoriesPage />);
    expect(await screen.findByRole('heading', { name: 'Categorias' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('level-card');
    expect(cards.map((card) => card.querySelector('h2')?.textContent)).toEqual(['Bronze', 'Prata', 'Ouro']);
    expect(cards[1]).toHaveAttribute('aria-current', 'true');
    expect(cards[0]).toHaveTextContent('De 0 a 10.000 pontos');
    expect(cards[2]).toHaveTextContent('A partir de 50.000 pontos');
    expect(cards[2]).toHaveTextContent('2 subníveis');
    expect(screen.getByText('Faltam 20.000 pontos para Ouro')).toBeInTheDocument();
    // 30.000 of the 10.000-50.000 band: half way, as the API computes it for every screen.
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    // Each level's emblem, by its place by threshold; hidden from readers, as the heading beside it names the level.
    const materials = cards.map((card) => card.querySelector('svg[aria-hidden=true]')?.getAttribute('data-material'));
    expect(materials).toEqual(['bronze', 'silver', 'gold']);
    expect(screen.getByTestId('categories-standing').querySelector('svg')).toHaveAttribute('data-material', 'silver');
  });

  it("keys a level's emblem by its threshold's place, not by its name or the order the levels come in", async () => {
    signIn('professional');
    const renamed = [
      { id: 'l3', name: 'Mestre', points: 50000, sublevels: 2, benefits: '' },
      { id: 'l1', name: 'Aprendiz', points: 0, sublevels: 3, benefits: '' },
      { id: 'l2', name: 'Oficial', points: 10000, sublevels: 3, benefits: '' },
    ];
    fakeApi({
      '/professionals/settings': [200, { ...settings, levels: renamed }],
      '/professionals/dashboard/get-level': [200, standing({ level: 'Mestre', levels: renamed })],
    });
    renderPage('/categories', ['/categories'], <CategoriesPage />);
    const cards = await screen.findAllByTestId('level-card');
    const materials = cards.map((card) => card.querySelector('svg')?.getAttribute('data-material'));
    expect(materials).toEqual(['gold', 'bronze', 'silver']);
    expect(screen.getByTestId('categories-standing').querySelector('svg')).toHaveAttribute('data-material', 'gold');
  });

  it('shows shopkeepers "Categorias Profissionais" and consultants their points with no level', async () => {
    signIn('shopkeeper', 'consultant');
    fakeApi({
      '/professionals/settings': [200, settings],
      '/professionals/dashboard/get-level': [
        200,
        standing({ level: null, nextLevel: null, pointsToNextLevel: null, levels: [] }),
      ],
    });
    renderPage('/categories', ['/categories'], <CategoriesPage />);
    expect(await screen.findByRole('heading', { name: 'Categorias Profissionais' })).toBeInTheDocument();
    expect(await screen.findByText('Consultores acumulam pontos, sem nível.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByTestId('level-card').every((card) => !card.hasAttribute('aria-current'))).toBe(true);
  });

  it("shows the server's msg when the levels cannot be read", async () => {
    signIn('professional');
    fakeApi({
      '/professionals/settings': [500, { msg: 'Serviço indisponível.' }],
      '/professionals/dashboard/get-level': [200, standing()],
    });
    renderPage('/categories', ['/categories'], <CategoriesPage />);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
  });
});
