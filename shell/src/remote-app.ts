import { i18n } from '@especifica/mf-shared';
import type { AppProps, LifeCycles } from 'single-spa';

type Loader = () => Promise<LifeCycles>;

/**
 * A single-spa application that stands for a remote. When the remote cannot be loaded or throws on
 * mount, the page area shows a pt-BR fallback with a retry button; header, footer and toasts go on.
 * `changed`, asked before each mount, answers whether another version of the remote is now registered: the next
 * mount then loads and bootstraps that version.
 */
export function remoteApplication(
  name: string,
  load: Loader,
  page: () => HTMLElement,
  changed: () => Promise<boolean> = async () => false,
): LifeCycles {
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
      if (await changed().catch(() => false)) {
        lifecycles = null;
        bootstrapped = false;
      }
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

/** An element in plain DOM, with its inline style and text. */
export function plain<K extends keyof HTMLElementTagNameMap>(tag: K, css: string, text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.style.cssText = css;
  element.textContent = text;
  return element;
}

/**
 * Plain DOM on purpose: it must work when nothing else could be loaded. Its colours are the theme's custom properties
 * (`@especifica/mf-shared/plain`, in the page from its first screen), so it follows the dark theme; each names the
 * light theme's value too, for a page where even they are missing.
 */
export function renderFallback(container: HTMLElement, retry: () => Promise<void>): void {
  container.replaceChildren();
  const box = plain(
    'div',
    'max-width:560px;margin:64px auto;padding:32px;border-radius:5px;background:var(--es-card,#fff);box-shadow:0 1px 3px rgba(0,0,0,.12);text-align:center;font-family:inherit;color:var(--es-ink,#14161a)',
  );
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'remote-fallback';
  const title = plain('h2', 'margin:0 0 8px;font-size:22px', i18n.t('remote.failedTitle'));
  const text = plain('p', 'margin:0 0 24px;color:var(--es-muted,#6a707b);font-size:16px', i18n.t('remote.failedText'));
  const button = plain(
    'button',
    'background:var(--es-primary-600,#1c8567);color:#fff;border:0;border-radius:5px;padding:12px 24px;font-size:16px;font-weight:700;cursor:pointer',
    i18n.t('common.retry'),
  );
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = i18n.t('common.loading');
    void retry();
  });
  box.append(title, text, button);
  container.append(box);
}
