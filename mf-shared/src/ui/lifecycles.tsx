import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { UiProvider } from './provider';
import { RemoteBoundary } from './remote-boundary';

export interface RemoteProps {
  name: string;
}

/** The single-spa lifecycles of a remote: its root inside the shared providers and an error boundary. */
export function remoteLifecycles(name: string, Root: ComponentType) {
  function App() {
    return (
      <UiProvider>
        <RemoteBoundary name={name}>
          <Root />
        </RemoteBoundary>
      </UiProvider>
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
