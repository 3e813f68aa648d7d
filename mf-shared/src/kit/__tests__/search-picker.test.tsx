import { api, i18n } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type Page, PICKER_SHOWN, SearchPicker } from '../index';

interface City {
  id: string;
  name: string;
  state: string;
}

// 40 cities: more than the list shows, so most are found only by typing.
const cities: City[] = [
  ...Array.from({ length: 39 }, (_, i) => ({ id: `c${i + 1}`, name: `Cidade ${i + 1}`, state: 'SP' })),
  { id: 'c40', name: 'Florianópolis', state: 'SC' },
];
const answer = (_body: unknown, params: Record<string, unknown>): [number, unknown] => {
  const search = String(params.search ?? '').toLowerCase();
  if (search === 'falha') return [500, { msg: 'Não foi possível buscar as cidades.' }];
  const found = cities.filter((city) => !search || city.name.toLowerCase().includes(search));
  return [200, { items: found.slice(0, Number(params.limit)), total: found.length, page: 1, limit: params.limit }];
};
const search = (text: string) =>
  api.get<Page<City>>('/cities', { search: text || undefined, page: 1, limit: PICKER_SHOWN });

beforeAll(() => {
  i18n.addResourceBundle(
    'ptBR',
    'translation',
    {
      cityPicker: {
        placeholder: 'Nome da cidade',
        hint: 'Busque e escolha uma cidade da lista.',
        searching: 'Buscando cidades…',
        none: 'Nenhuma cidade encontrada.',
        more_one: 'Mais {{count}} cidade.',
        more_other: 'Mais {{count}} cidades.',
      },
    },
    true,
    false,
  );
});

/** The picker as a field that remembers what was chosen, and a button that empties it from outside (a form reset). */
function Harness({ chosen, current }: { chosen: (City | null)[]; current?: City }) {
  const [value, setValue] = useState(current?.id ?? '');
  return (
    <>
      <SearchPicker<City>
        label="Cidade"
        value={value}
        onChange={(id, city) => {
          setValue(id);
          chosen.push(city);
        }}
        current={current}
        search={search}
        cacheKey={['cities']}
        chosenLabel={(city) => `${city.name} (${city.state})`}
        optionTitle={(city) => city.name}
        optionDetail={(city) => city.state}
        texts="cityPicker"
        testId="city-picker-popup"
      />
      <button type="button" onClick={() => setValue('')}>
        Limpar
      </button>
    </>
  );
}

jest.setTimeout(20_000);

describe('the search picker', () => {
  it('searches once typing stops, says how many more there are, and picks with the keyboard', async () => {
    const sent = fakeApi({ '/cities': answer });
    const chosen: (City | null)[] = [];
    renderPage('/', ['/'], <Harness chosen={chosen} />);
    const input = screen.getByRole('combobox', { name: 'Cidade' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAccessibleDescription('Busque e escolha uma cidade da lista.');

    await userEvent.click(input);
    const list = await screen.findByRole('listbox', { name: 'Cidade' });
    expect(await within(list).findAllByRole('option')).toHaveLength(PICKER_SHOWN);
    expect(await screen.findByText('Mais 32 cidades.')).toBeInTheDocument();

    await userEvent.type(input, 'flor');
    expect(await within(list).findByRole('option', { name: /Florianópolis/ })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    // One call for the opened list, one once the typing stopped: none for "f", "fl", "flo".
    expect(sent.filter((call) => call.url === '/cities').map((call) => call.params?.search)).toEqual([
      undefined,
      'flor',
    ]);

    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('Florianópolis (SC)');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(chosen).toEqual([cities[39]]);
  });

  it('forgets the choice when its text is changed, closes on Escape, and says when nothing or an error is found', async () => {
    fakeApi({ '/cities': answer });
    const chosen: (City | null)[] = [];
    renderPage('/', ['/'], <Harness chosen={chosen} current={cities[39]} />);
    const input = screen.getByRole('combobox', { name: 'Cidade' });
    expect(input).toHaveValue('Florianópolis (SC)');

    await userEvent.type(input, 'x');
    expect(chosen).toEqual([null]);
    expect(await screen.findByText('Nenhuma cidade encontrada.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await userEvent.clear(input);
    await userEvent.type(input, 'falha');
    expect(await screen.findByText('Não foi possível buscar as cidades.')).toBeInTheDocument();
  });

  it('empties its text when the value is emptied from outside, and picks with the mouse', async () => {
    fakeApi({ '/cities': answer });
    // jsdom lays nothing out: the list asks to be scrolled into view, as a field low in a drawer needs.
    const scrolled: unknown[] = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      if (this.getAttribute('data-testid') === 'city-picker-popup') scrolled.push(options);
    };
    const chosen: (City | null)[] = [];
    renderPage('/', ['/'], <Harness chosen={chosen} />);
    const input = screen.getByRole('combobox', { name: 'Cidade' });
    await userEvent.click(input);
    await waitFor(() => expect(scrolled).toContainEqual({ block: 'nearest' }));
    await userEvent.click(await screen.findByRole('option', { name: /Cidade 3 SP/ }));
    expect(input).toHaveValue('Cidade 3 (SP)');
    expect(chosen).toEqual([cities[2]]);
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input).toHaveValue('');
  });
});
