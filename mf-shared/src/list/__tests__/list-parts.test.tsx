import { renderPage } from '@especifica/mf-shared/testing';
import { getSystem } from '@especifica/mf-shared/ui';
import { screen } from '@testing-library/react';
import '../../controls/__tests__/dom-stubs';
import { warmListParts } from '../data-table';
import { type Columns, DataTable, RowBadge } from '../index';

interface Person {
  id: string;
  name: string;
}

const columns: Columns<Person> = [
  { accessorKey: 'name', header: 'Nome' },
  { id: 'state', header: 'Situação', cell: () => <RowBadge palette="success">Ativa</RowBadge> },
];

// Its own file: the styles are kept per system, which another list of the same module registry would have made.
describe("the list's styles", () => {
  it('are worked out once per system, ahead of the rows, so that drawing a table or cards computes no recipe', async () => {
    const system = getSystem();
    const recipes = jest.spyOn(system, 'getRecipeFn');
    const slotRecipes = jest.spyOn(system, 'getSlotRecipeFn');
    const asked = () =>
      [...recipes.mock.calls, ...slotRecipes.mock.calls]
        .map(([key]) => key)
        .filter((key) => ['badge', 'button', 'checkmark', 'card'].includes(key));

    warmListParts(system);
    expect(asked().sort()).toEqual(['badge', 'button', 'card', 'checkmark']);

    recipes.mockClear();
    slotRecipes.mockClear();
    for (const cards of [false, true]) {
      const view = renderPage(
        '/t',
        ['/t'],
        <DataTable columns={columns} rows={[{ id: 'p1', name: 'Ana' }]} rowId={(row) => row.id} cards={cards} />,
      );
      expect(await screen.findByText('Ativa')).toHaveAttribute('data-row-badge', 'success');
      expect(screen.getByText('Ana')).toBeInTheDocument();
      view.unmount();
    }
    expect(asked()).toEqual([]);
  });
});
