import { useTranslation } from '@especifica/mf-shared/ui';
import { useColorMode } from './color-mode';
import { MenuItem } from './menu';

/** A menu item that switches between the light and the dark theme; the choice is saved under "theme". */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolvedColorMode, toggleColorMode } = useColorMode();
  return (
    <MenuItem
      role="menuitemcheckbox"
      checked={resolvedColorMode === 'dark'}
      onSelect={toggleColorMode}
      icon={
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      }
    >
      {t('controls.darkTheme')}
    </MenuItem>
  );
}
