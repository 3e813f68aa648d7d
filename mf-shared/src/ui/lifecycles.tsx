import type { ComponentType, ReactNode } from 'react';
import React, { startTransition, useEffect, useState } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { UiProvider } from './provider';
import { RemoteBoundary } from './remote-boundary';

export interface RemoteProps {
  name: string;
}

/**
 * Draws its children in a transition, after a first empty commit: React then renders the tree (Chakra's global
 * styles, the page and its emotion styles) in slices of a few milliseconds and lets the browser in between, instead
 * of one task of hundreds of milliseconds on a slow phone, during which a tap would wait.
 */
export function RenderInSlices({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

/** The single-spa lifecycles of a remote: its root inside the shared providers and an error boundary. */
export function remoteLifecycles(name: string, Root: ComponentType) {
  function App() {
    return (
      <RenderInSlices>
        <UiProvider>
          <RemoteBoundary name={name}>
            <Root />
          </RemoteBoundary>
        </UiProvider>
      </RenderInSlices>
    );
  }
  // RemoteBoundary inside App catches render errors, so single-spa-react's own boundary is not needed.
  return singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: App,
    suppressComponentDidCatchWarning: true,
  });
}
