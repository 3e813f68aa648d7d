import { render, screen } from '@testing-library/react';
import { emblemMaterial, LevelEmblem } from '../level-emblem';

describe("a level's emblem", () => {
  it.each([
    [0, 'bronze'],
    [1, 'silver'],
    [2, 'gold'],
    [3, 'diamond'],
    // A fifth level and any above it: obsidian, a stone cut as the diamond.
    [4, 'obsidian'],
    [7, 'obsidian'],
    // A rank the API could not give (no level) draws the entry level's.
    [-1, 'bronze'],
    [Number.NaN, 'bronze'],
  ])('takes its material from the rank: %s is %s', (rank, material) => {
    expect(emblemMaterial(rank)).toBe(material);
    const { container } = render(<LevelEmblem rank={rank} />);
    expect(container.querySelector('svg')).toHaveAttribute('data-material', material);
  });

  it("keeps its material when the level is renamed: the name is only the emblem's accessible name", () => {
    render(
      <>
        <LevelEmblem rank={2} label="Ouro" />
        <LevelEmblem rank={2} label="Arquiteto Master" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Ouro' })).toHaveAttribute('data-material', 'gold');
    expect(screen.getByRole('img', { name: 'Arquiteto Master' })).toHaveAttribute('data-material', 'gold');
  });

  it('is hidden from assistive technology where the level is named beside it (no label)', () => {
    const { container } = render(<LevelEmblem rank={1} size={16} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).not.toHaveAttribute('role');
    expect(svg).toHaveAttribute('width', '16');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('gives each emblem its own gradient, so two on one page do not share or clash', () => {
    const { container } = render(
      <>
        <LevelEmblem rank={0} />
        <LevelEmblem rank={3} />
      </>,
    );
    const ids = [...container.querySelectorAll('linearGradient')].map((gradient) => gradient.id);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(container.querySelector(`[fill="url(#${id})"]`)).not.toBeNull();
  });
});
