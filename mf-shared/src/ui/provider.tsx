import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@especifica/mf-shared';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { system } from './system';

/** Every React root (shell chrome and each remote) renders inside this one provider. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ChakraProvider>
  );
}
