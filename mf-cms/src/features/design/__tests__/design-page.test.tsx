import { renderPage } from '@especifica/mf-shared/testing';
import { tokens } from '@especifica/mf-shared/ui';
import { screen, within } from '@testing-library/react';
import { DesignPage } from '../components/design-page';

describe('the design page', () => {
  it('shows every family of the palette with its 11 steps, the materials among them', () => {
    renderPage('/cms/design', ['/cms/design'], <DesignPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sistema de design' })).toBeInTheDocument();
    const families = screen.getAllByTestId('design-family');
    expect(families.map((family) => family.dataset.family).sort()).toEqual(Object.keys(tokens.palette).sort());
    for (const family of families) expect(within(family).getAllByTestId('design-swatch')).toHaveLength(11);
    const brass = within(screen.getByRole('list', { name: 'brass' })).getAllByRole('listitem');
    expect(brass[4]).toHaveTextContent(`500${tokens.palette.brass['500']}`);
  });

  it('shows the type scale, the emblems of the levels by rank, badges, buttons and an empty state', () => {
    renderPage('/cms/design', ['/cms/design'], <DesignPage />);
    expect(screen.getAllByText('Especificação 1.234,56 pontos')).toHaveLength(Object.keys(tokens.fontSizes).length);
    const emblems = screen.getAllByTestId('design-emblem');
    expect(emblems).toHaveLength(5);
    for (const [name, material] of [
      ['Bronze', 'bronze'],
      ['Prata', 'silver'],
      ['Ouro', 'gold'],
      ['Diamante', 'diamond'],
      ['Acima do 4º', 'obsidian'],
    ])
      expect(screen.getByRole('img', { name })).toHaveAttribute('data-material', material);
    expect(screen.getByText('Cancelada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ação principal' })).toBeInTheDocument();
    expect(screen.getByTestId('empty-state')).toHaveTextContent('Nenhuma nota fiscal');
  });
});
