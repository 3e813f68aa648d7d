import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { RemoteBoundary } from './boundary';
import { addThemeStyles } from './theme';

export interface RemoteProps {
  name: string;
}

/**
 * The single-spa lifecycles of a remote whose first screen is drawn without Chakra: its root inside an error
 * boundary, with the theme's colours as custom properties. A screen of it that uses the UI kit wraps itself in
 * `UiProvider` (from `@especifica/mf-shared/ui`), so Chakra is downloaded only by the screens that draw with it.
 */
export function plainRemoteLifecycles(name: string, Root: ComponentType) {
  function App() {
    return (
      <RemoteBoundary name={name}>
        <Root />
      </RemoteBoundary>
    );
  }
  addThemeStyles();
  return singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: App,
    suppressComponentDidCatchWarning: true,
  });
}

/** A piece of the shell (the footer) bound to a fixed element, drawn without Chakra. */
export function plainChromeLifecycles(elementId: string, Component: ComponentType) {
  addThemeStyles();
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => <Component />,
    domElementGetter: () => document.getElementById(elementId) as HTMLElement,
    errorBoundary: () => <></>,
  });
}
