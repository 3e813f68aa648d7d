import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu, MenuItem, MenuSeparator } from '../menu';
import { renderUi } from './render';

function UserMenu({ onSelect = () => {} }: { onSelect?: (item: string) => void }) {
  return (
    <>
      <p>Fora</p>
      <Menu trigger="Ana Arquiteta">
        <MenuItem href="/profile" onSelect={() => onSelect('profile')}>
          Meu perfil
        </MenuItem>
        <MenuItem onSelect={() => onSelect('notifications')}>Notificações</MenuItem>
        <MenuItem disabled onSelect={() => onSelect('invites')}>
          Convites
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => onSelect('logout')}>Sair</MenuItem>
      </Menu>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Ana Arquiteta' });

describe('the drop-down menu', () => {
  it('opens on click with focus on the first item, and closes on a click outside', async () => {
    renderUi(<UserMenu />);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger());
    expect(screen.getByRole('menu', { name: 'Ana Arquiteta' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Meu perfil' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Meu perfil' })).toHaveAttribute('href', '/profile');
    await userEvent.click(screen.getByText('Fora'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves with the arrow keys past disabled items, selects with Enter and closes on Escape', async () => {
    const onSelect = jest.fn();
    renderUi(<UserMenu onSelect={onSelect} />);
    trigger().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Notificações' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();
  });

  it('does not select a disabled item', async () => {
    const onSelect = jest.fn();
    renderUi(<UserMenu onSelect={onSelect} />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Convites' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
