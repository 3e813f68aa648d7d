import { sheetRules } from '@especifica/mf-shared/testing';
import { getSystem, partsStyles, prepareParts, UiProvider, usePartsClass } from '@especifica/mf-shared/ui';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';

const make = jest.fn((system: ReturnType<typeof getSystem>) => ({
  display: 'flex',
  '& [data-part=title]': { color: 'primary.700', fontWeight: 'bold' },
  '& [data-part=badge]': { ...system.getRecipeFn('badge')({}), colorPalette: 'secondary' },
}));
const pieceParts = partsStyles(make);

function Piece() {
  const [count, setCount] = useState(0);
  return (
    <div className={usePartsClass(pieceParts)} data-testid="piece">
      <p data-part="title">Título</p>
      <span data-part="badge">Novo</span>
      <button type="button" onClick={() => setCount(count + 1)}>
        {`mais ${count}`}
      </button>
    </div>
  );
}

const shownParts = partsStyles(() => ({ color: 'muted' }));
const laterParts = partsStyles(() => ({ '& [data-part=late]': { color: 'error.700' } }));

function Shown() {
  return <div className={usePartsClass(shownParts)} />;
}

/** The page's rules that name `className`. */
const rulesOf = (className: string) => sheetRules().filter((rule) => rule.includes(`.${className}`));

describe('a piece drawn as plain parts under one class', () => {
  it('resolves its styles once per system, through the tokens and recipes, and inserts them once', () => {
    render(
      <UiProvider>
        <Piece />
        <Piece />
      </UiProvider>,
    );
    const [first, second] = screen.getAllByTestId('piece');
    const className = first?.className ?? '';
    expect(className).toMatch(/^css-[a-z0-9]+$/);
    expect(second?.className).toBe(className);

    const rules = rulesOf(className);
    expect(rules.find((rule) => rule.includes('[data-part=title]'))).toMatch(
      /color: ?var\(--chakra-colors-primary-700\)/,
    );
    // The badge's recipe, in Chakra's recipes layer, in the palette the part names.
    const badge = rules.filter((rule) => rule.includes('[data-part=badge]'));
    expect(badge.find((rule) => rule.startsWith('@layer recipes'))).toMatch(
      /background: ?var\(--chakra-colors-color-palette-subtle\)/,
    );
    expect(badge.find((rule) => !rule.startsWith('@layer'))).toMatch(
      /--chakra-colors-color-palette-subtle: ?var\(--chakra-colors-secondary-subtle\)/,
    );

    // Drawn again (a click): the same class, neither worked out nor inserted again.
    const count = rules.length;
    act(() => screen.getAllByRole('button')[0]?.click());
    expect(screen.getByText('mais 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('piece')[0]?.className).toBe(className);
    expect(rulesOf(className)).toHaveLength(count);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('can be made and inserted ahead of the piece that shows it, once a piece has shown the page', () => {
    const late = () => sheetRules().filter((rule) => rule.includes('[data-part=late]'));
    const view = render(
      <UiProvider>
        <Shown />
      </UiProvider>,
    );
    expect(late()).toHaveLength(0);
    prepareParts(laterParts, getSystem());
    expect(late()).toHaveLength(1);
    expect(late()[0]).toMatch(/color: ?var\(--chakra-colors-error-700\)/);
    view.unmount();
  });
});
