import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyStoredColorMode, setColorMode, THEME_KEY, useColorMode } from '../color-mode';
import { Menu } from '../menu';
import { ThemeToggle } from '../theme-toggle';
import { renderUi } from './render';

const html = document.documentElement;

function UserMenu() {
  return (
    <Menu trigger="Ana" triggerLabel="Menu do usuário">
      <ThemeToggle />
    </Menu>
  );
}

async function openToggle() {
  await userEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
  return screen.getByRole('menuitemcheckbox', { name: 'Tema escuro' });
}

beforeEach(() => {
  localStorage.clear();
  html.className = '';
  html.removeAttribute('data-theme');
});

describe('the theme', () => {
  it('is light by default', async () => {
    renderUi(<UserMenu />);
    expect(await openToggle()).toHaveAttribute('aria-checked', 'false');
    expect(html).toHaveClass('light');
    expect(html).not.toHaveClass('dark');
  });

  it('switches to dark from the menu item, paints <html> with the "dark" class and saves the choice', async () => {
    renderUi(<UserMenu />);
    const toggle = await openToggle();
    await userEvent.click(toggle);
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(html).toHaveClass('dark');
    expect(html).not.toHaveClass('light');
    // A setting keeps the menu open, so the new state is visible.
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(toggle);
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(html).toHaveClass('light');
  });

  it('restores the saved choice when the shell starts (before any control loads)', async () => {
    localStorage.setItem(THEME_KEY, 'dark');
    applyStoredColorMode();
    expect(html).toHaveClass('dark');
    renderUi(<UserMenu />);
    expect(await openToggle()).toHaveAttribute('aria-checked', 'true');
  });

  it('accepts and saves high contrast, which is shown as light until that theme is defined', () => {
    const { result } = renderHook(() => useColorMode());
    act(() => result.current.setColorMode('high-contrast'));
    expect(localStorage.getItem(THEME_KEY)).toBe('high-contrast');
    expect(result.current).toMatchObject({ colorMode: 'high-contrast', resolvedColorMode: 'light' });
    expect(html).toHaveClass('light');
    expect(html).toHaveAttribute('data-theme', 'high-contrast');
  });

  it('ignores an unknown saved value and keeps every user of the hook in step', () => {
    localStorage.setItem(THEME_KEY, 'sepia');
    const first = renderHook(() => useColorMode());
    const second = renderHook(() => useColorMode());
    expect(first.result.current.colorMode).toBe('light');
    act(() => setColorMode('dark'));
    expect(second.result.current.resolvedColorMode).toBe('dark');
  });
});
