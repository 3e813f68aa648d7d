import { chakra, HStack } from '@chakra-ui/react';
import { i18n, type Language, languages } from '@especifica/mf-shared';
import { useTranslation } from '@especifica/mf-shared/ui';
import { MenuGroup, MenuItem } from './menu';

const labelKey: Record<Language, string> = { ptBR: 'controls.portuguese', en: 'controls.english' };

export interface LanguageSwitchProps {
  /** buttons: a two-way switch for anywhere on a page; menu: radio items inside a Menu. */
  variant?: 'buttons' | 'menu';
}

/** Changes the language of the shared i18n instance, which saves the choice under "language". */
export function LanguageSwitch({ variant = 'buttons' }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const current = (languages as readonly string[]).includes(i18n.language) ? i18n.language : 'ptBR';
  const choose = (language: Language) => {
    if (language !== i18n.language) void i18n.changeLanguage(language);
  };
  if (variant === 'menu') {
    return (
      <MenuGroup label={t('controls.language')}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            role="menuitemradio"
            checked={current === language}
            onSelect={() => choose(language)}
          >
            <span lang={language === 'ptBR' ? 'pt-BR' : 'en'}>{t(labelKey[language])}</span>
          </MenuItem>
        ))}
      </MenuGroup>
    );
  }
  return (
    <HStack
      role="group"
      aria-label={t('controls.language')}
      gap="0"
      borderWidth="1px"
      borderColor="surface.200"
      borderRadius="card"
      p="0.5"
      display="inline-flex"
    >
      {languages.map((language) => {
        const checked = current === language;
        return (
          <chakra.button
            key={language}
            type="button"
            aria-pressed={checked}
            lang={language === 'ptBR' ? 'pt-BR' : 'en'}
            onClick={() => choose(language)}
            px="3"
            py="1"
            fontSize="xs"
            fontWeight={checked ? 'bold' : 'regular'}
            borderRadius="card"
            bg={checked ? 'brand' : 'transparent'}
            color={checked ? { _light: 'white', _dark: 'neutral.900' } : 'ink'}
            cursor="pointer"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' }}
          >
            {t(labelKey[language])}
          </chakra.button>
        );
      })}
    </HStack>
  );
}
