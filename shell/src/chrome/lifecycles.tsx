import { RenderInSlices, UiProvider } from '@especifica/mf-shared/ui';
import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

/** The shell's own pieces (header, footer, toaster) are single-spa applications bound to a fixed element. */
export function chromeLifecycles(elementId: string, Component: ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <RenderInSlices>
        <UiProvider>
          <Component />
        </UiProvider>
      </RenderInSlices>
    ),
    domElementGetter: () => document.getElementById(elementId) as HTMLElement,
    errorBoundary: () => <></>,
  });
}
