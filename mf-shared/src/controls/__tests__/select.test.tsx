import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Drawer } from '../drawer';
import { Select, type SelectOption } from '../select';
import type { SelectVariant } from '../select-styles';
import { renderUi } from './render';

const cities: SelectOption[] = [
  { label: 'Belo Horizonte', value: 'bh' },
  { label: 'Curitiba', value: 'cwb', isDisabled: true },
  { label: 'Recife', value: 'rec' },
  { label: 'São Paulo', value: 'sp' },
];

function Single({ options = cities, variant }: { options?: SelectOption[]; variant?: SelectVariant }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="Cidade"
      options={options}
      value={value}
      onChange={setValue}
      variant={variant === 'multiselect' ? undefined : variant}
    />
  );
}

function Multi({ onChange }: { onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  const people = cities.map((city) => ({ ...city, avatar: '' }));
  return (
    <Select
      variant="multiselect"
      label="Participantes"
      options={people}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function InDrawer() {
  const [open, setOpen] = useState(true);
  return (
    <Drawer open={open} onClose={() => setOpen(false)} title="Filtros">
      <Single />
    </Drawer>
  );
}

const combobox = (name = 'Cidade') => screen.getByRole('combobox', { name });

describe('the select', () => {
  it.each([
    ['default', '44px'],
    ['primary', '44px'],
    ['secondary', '44px'],
    ['tertiary', '44px'],
    ['quaternary', '46px'],
    ['multiselect', '44px'],
    ['mobilemenu', '44px'],
    ['menu', '44px'],
  ] as const)('renders the %s variant %s high', (variant, height) => {
    const { container } = renderUi(
      variant === 'multiselect' ? <Multi /> : <Single variant={variant as SelectVariant} />,
    );
    expect(container.querySelector(`[data-variant="${variant}"]`)).toBeInTheDocument();
    expect(getComputedStyle(screen.getByRole('combobox')).height).toBe(height);
  });

  it('is named by its label, opens on click and closes after a pick, showing the choice', async () => {
    renderUi(<Single />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveTextContent('Selecione');
    await userEvent.click(combobox());
    await userEvent.click(screen.getByRole('option', { name: 'Recife' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox()).toHaveTextContent('Recife');
    expect(combobox()).toHaveFocus();
  });

  it('works from the keyboard: arrows skip disabled options, Enter picks, Escape closes', async () => {
    renderUi(<Single />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Cidade' });
    const active = () => combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active() ?? '')).toHaveTextContent('Belo Horizonte');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.getElementById(active() ?? '')).toHaveTextContent('Recife');
    await userEvent.keyboard('{Enter}');
    expect(list).not.toBeInTheDocument();
    expect(combobox()).toHaveTextContent('Recife');

    await userEvent.keyboard('{ArrowDown}s');
    expect(document.getElementById(active() ?? '')).toHaveTextContent('São Paulo');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox()).toHaveTextContent('Recife');
  });

  it('does not let a disabled option be picked', async () => {
    const onChange = jest.fn();
    renderUi(<Select label="Cidade" options={cities} value={null} onChange={onChange} />);
    await userEvent.click(combobox());
    const curitiba = screen.getByRole('option', { name: 'Curitiba' });
    expect(curitiba).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(curitiba);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('keeps a multiselect open after each pick, with a checkbox and an avatar per option, and toggles values', async () => {
    const onChange = jest.fn();
    renderUi(<Multi onChange={onChange} />);
    await userEvent.click(combobox('Participantes'));
    const list = screen.getByRole('listbox', { name: 'Participantes' });
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    const option = (name: string) => within(list).getByRole('option', { name: new RegExp(name) });
    expect(within(option('Recife')).getByRole('img', { name: 'Recife' })).toHaveTextContent('R');

    await userEvent.click(option('São Paulo'));
    await userEvent.click(option('Belo Horizonte'));
    expect(list).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(['bh', 'sp']);
    expect(option('Belo Horizonte')).toHaveAttribute('aria-selected', 'true');
    expect(combobox('Participantes')).toHaveTextContent('Belo Horizonte, São Paulo');

    await userEvent.click(option('São Paulo'));
    expect(onChange).toHaveBeenLastCalledWith(['bh']);
    expect(option('São Paulo')).toHaveAttribute('aria-selected', 'false');

    await userEvent.keyboard('{End} ');
    expect(onChange).toHaveBeenLastCalledWith(['bh', 'sp']);
    expect(list).toBeInTheDocument();
  });

  it('says "Nenhum resultado encontrado" when there are no options', async () => {
    renderUi(<Single options={[]} />);
    await userEvent.click(combobox());
    expect(screen.getByText('Nenhum resultado encontrado')).toBeVisible();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('closes on a click outside', async () => {
    renderUi(
      <>
        <p>Fora</p>
        <Single />
      </>,
    );
    await userEvent.click(combobox());
    await userEvent.click(screen.getByText('Fora'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows its label as the trigger in the menu variants and marks the current option', async () => {
    renderUi(
      <Select
        variant="menu"
        label="Produtos"
        options={[
          { label: 'Importar', value: '/cms/products/import' },
          { label: 'Lista', value: '/cms/products/list' },
        ]}
        value="/cms/products/list"
        onChange={() => {}}
      />,
    );
    expect(combobox('Produtos')).toHaveTextContent('Produtos');
    await userEvent.click(combobox('Produtos'));
    expect(screen.getByRole('option', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
  });

  it('inside a drawer, Escape closes the open list first and the drawer only after', async () => {
    renderUi(<InDrawer />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Cidade' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByRole('dialog', { name: 'Filtros' })).toHaveAttribute('data-state', 'open');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull());
  });
});
