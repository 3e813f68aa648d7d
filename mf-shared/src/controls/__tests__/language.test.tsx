import { i18n } from '@especifica/mf-shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitch } from '../language-switch';
import { Menu } from '../menu';
import { renderUi } from './render';

afterEach(async () => {
  await act(() => i18n.changeLanguage('ptBR'));
});

describe('the language switch', () => {
  it('changes the shared i18n language, which is saved under "language"', async () => {
    renderUi(<LanguageSwitch />);
    const group = screen.getByRole('group', { name: 'Idioma' });
    expect(screen.getByRole('button', { name: 'Português' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(group).toHaveAccessibleName('Language');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('works as radio items inside a menu', async () => {
    renderUi(
      <Menu trigger="Ana">
        <LanguageSwitch variant="menu" />
      </Menu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ana' }));
    expect(screen.getByRole('menuitemradio', { name: 'Português' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  });
});
