import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

// The remotes name their parts through the kit (defineParts, partProps, partSelector): the attribute and its selectors
// are the kit's to write, so that a screen's parts read one way everywhere.
const root = path.resolve(__dirname, '../../../..');
const remotes = ['shell', 'mf-auth', 'mf-participant', 'mf-cms'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|js|jsx|css)$/.test(entry.name) ? [full] : [];
  });
}

it('no remote writes the parts attribute itself', () => {
  const files = remotes.flatMap((remote) => sources(path.join(root, remote, 'src')));
  expect(files.length).toBeGreaterThan(50);
  const offenders = files
    .filter((file) => readFileSync(file, 'utf8').includes('data-part'))
    .map((file) => path.relative(root, file));
  expect(offenders).toEqual([]);
});
