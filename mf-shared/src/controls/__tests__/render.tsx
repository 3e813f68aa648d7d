import { UiProvider } from '@especifica/mf-shared/ui';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import './dom-stubs';

/** Renders inside the real provider (Chakra system and the shared i18n), as every module does. */
export function renderUi(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: UiProvider, ...options });
}
