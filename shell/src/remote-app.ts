import { i18n } from '@especifica/mf-shared';
import type { AppProps, LifeCycles } from 'single-spa';

type Loader = () => Promise<LifeCycles>;

/**
 * A single-spa application that stands for a remote. When the remote cannot be loaded or throws on
 * mount, the page area shows a pt-BR fallback with a retry button; header, footer and toasts go on.
 */
export function remoteApplication(name: string, load: Loader, page: () => HTMLElement): LifeCycles {
  let lifecycles: LifeCycles | null = null;
  let bootstrapped = false;
  let mounted = false;
  let container: HTMLElement | null = null;

  const call = async (fn: LifeCycles['mount'], props: AppProps) => {
    for (const step of Array.isArray(fn) ? fn : [fn]) await step(props);
  };

  async function attempt(props: AppProps): Promise<void> {
    if (!container) return;
    try {
      lifecycles ??= await load();
      const remoteProps = { ...props, name, domElement: container } as AppProps;
      if (!bootstrapped) {
        await call(lifecycles.bootstrap, remoteProps);
        bootstrapped = true;
      }
      await call(lifecycles.mount, remoteProps);
      mounted = true;
    } catch (error) {
      console.error(`[shell] ${name} could not be shown`, error);
      lifecycles = bootstrapped ? lifecycles : null;
      if (container) renderFallback(container, () => attempt(props));
    }
  }

  return {
    bootstrap: async () => {},
    mount: async (props) => {
      container = document.createElement('div');
      container.id = `remote-${name}`;
      page().appendChild(container);
      await attempt(props);
    },
    unmount: async (props) => {
      if (mounted && lifecycles) {
        await call(lifecycles.unmount, { ...props, name, domElement: container } as AppProps).catch((error) =>
          console.error(`[shell] ${name} failed to unmount`, error),
        );
      }
      mounted = false;
      container?.remove();
      container = null;
    },
  };
}

/** Plain DOM on purpose: it must work when nothing else could be loaded. */
export function renderFallback(container: HTMLElement, retry: () => Promise<void>): void {
  container.replaceChildren();
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'remote-fallback';
  box.style.cssText =
    'max-width:560px;margin:64px auto;padding:32px;border-radius:5px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12);text-align:center;font-family:inherit;color:#14161a';
  const title = document.createElement('h2');
  title.textContent = i18n.t('remote.failedTitle');
  title.style.cssText = 'margin:0 0 8px;font-size:22px';
  const text = document.createElement('p');
  text.textContent = i18n.t('remote.failedText');
  text.style.cssText = 'margin:0 0 24px;color:#6a707b;font-size:16px';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = i18n.t('common.retry');
  button.style.cssText =
    'background:#1c8567;color:#fff;border:0;border-radius:5px;padding:12px 24px;font-size:16px;font-weight:700;cursor:pointer';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = i18n.t('common.loading');
    void retry();
  });
  box.append(title, text, button);
  container.append(box);
}
