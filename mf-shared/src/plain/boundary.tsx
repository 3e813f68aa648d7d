import { i18n } from '@especifica/mf-shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addStyles, addThemeStyles } from './theme';

const css = `.es-fallback{box-sizing:border-box;max-width:560px;margin:64px auto;padding:32px;border-radius:var(--es-radius);background:var(--es-card);color:var(--es-ink);text-align:center;line-height:1.5}
.es-fallback h2{margin:0 0 8px;font-size:var(--es-font-xl);line-height:1.33}
.es-fallback p{margin:0 0 24px;color:var(--es-muted);font-size:var(--es-font-md)}
.es-fallback button{font:inherit;font-size:var(--es-font-md);font-weight:600;height:40px;padding:0 16px;border:0;border-radius:4px;background:var(--es-primary-600);color:var(--es-white);cursor:pointer}
.es-fallback button:hover{background:var(--es-primary-700)}
.es-fallback button:focus-visible{outline:2px solid var(--es-focus);outline-offset:2px}`;

/** The pt-BR message of a part of the page that could not be drawn, with a way to try again. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  addThemeStyles();
  addStyles('es-fallback', css);
  return (
    <div className="es-fallback" role="alert" data-testid="remote-fallback">
      <h2>{i18n.t('remote.failedTitle')}</h2>
      <p>{i18n.t('remote.failedText')}</p>
      <button type="button" onClick={onRetry}>
        {i18n.t('common.retry')}
      </button>
    </div>
  );
}

interface State {
  error: Error | null;
}

/** Keeps a remote that throws while rendering inside its page area, with a pt-BR way to try again. */
export class RemoteBoundary extends Component<{ children: ReactNode; name: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RemoteFallback onRetry={() => this.setState({ error: null })} />;
  }
}
