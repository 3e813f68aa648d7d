import { sheetRules } from '@especifica/mf-shared/testing';
import { defineParts, partProps, partSelector, UiProvider, usePartsClass } from '@especifica/mf-shared/ui';
import { render, screen } from '@testing-library/react';

const cardParts = defineParts((system) => ({
  root: { display: 'flex' },
  parts: {
    title: { color: 'primary.700', '&[data-loss]': { color: 'error.600' } },
    badge: { ...system.getRecipeFn('badge')({}), colorPalette: 'secondary' },
    figures: { '& > dl': { p: '4' } },
    people: { gap: '2' },
  },
}));
const part = partProps(cardParts);

function Card() {
  return (
    <div className={usePartsClass(cardParts)} data-testid="card">
      <p {...part('title')} data-loss="">
        Título
      </p>
      <span {...part('badge')}>Novo</span>
      <div {...part('people', 'figures')} data-testid="people">
        <dl />
      </div>
    </div>
  );
}

describe("a screen's own parts, named through the kit", () => {
  it('styles each named part, its flags and its children under the piece’s one class', () => {
    render(
      <UiProvider>
        <Card />
      </UiProvider>,
    );
    const className = screen.getByTestId('card').className;
    const rules = sheetRules().filter((rule) => rule.includes(`.${className}`));
    expect(rules.find((rule) => rule.includes('[data-part~=title][data-loss]'))).toMatch(
      /color: ?var\(--chakra-colors-error-600\)/,
    );
    expect(rules.find((rule) => rule.includes('[data-part~=figures]>dl'))).toMatch(
      /padding: ?var\(--chakra-spacing-4\)/,
    );
    // One element, two parts: both parts' rules reach it.
    const people = screen.getByTestId('people');
    expect(people.matches(partSelector(cardParts, 'people'))).toBe(true);
    expect(people.matches(partSelector(cardParts, 'figures'))).toBe(true);
    expect(people.matches(partSelector(cardParts, 'title'))).toBe(false);
  });

  it('admits only the names its styles define', () => {
    // @ts-expect-error: a part with no styles is not a part of the piece.
    expect(part('subtitle')).toEqual({ 'data-part': 'subtitle' });
    // @ts-expect-error: likewise in a test's selector.
    expect(partSelector(cardParts, 'subtitle')).toBe('[data-part~=subtitle]');
  });
});
