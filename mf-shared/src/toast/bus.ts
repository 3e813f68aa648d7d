import { Subject } from 'rxjs';

export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';
export type ToastPlacement = 'topCenter' | 'bottomCenter' | 'topStart' | 'topEnd' | 'bottomStart' | 'bottomEnd';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  placement: ToastPlacement;
  autoCloseMs: number;
}

export type ToastInput = Pick<Toast, 'message'> & Partial<Omit<Toast, 'id' | 'message'>>;

export const TOAST_AUTO_CLOSE_MS = 5000;

/** Where an error is shown instead of a toast: an open drawer or dialog draws it inside itself. */
export type ErrorSurface = (message: string) => void;

/** Remotes only emit; the shell's toaster is the one place that renders. */
export class ToastBus {
  private readonly subject = new Subject<Toast>();
  private readonly clearSubject = new Subject<void>();
  private readonly surfaces: ErrorSurface[] = [];
  private next = 1;

  readonly toasts = this.subject.asObservable();
  readonly cleared = this.clearSubject.asObservable();

  show(input: ToastInput): number {
    const id = this.next++;
    this.subject.next({ type: 'default', placement: 'topEnd', autoCloseMs: TOAST_AUTO_CLOSE_MS, ...input, id });
    return id;
  }

  info(message: string): number {
    return this.show({ type: 'info', message });
  }
  success(message: string): number {
    return this.show({ type: 'success', message });
  }
  warning(message: string): number {
    return this.show({ type: 'warning', message });
  }
  /**
   * An error: drawn inside the drawer or dialog open on top (see `showErrorsIn`), where the person is looking and
   * where a toast would be drawn beside the action that failed; a toast when none is open.
   */
  error(message: string): number {
    const surface = this.surfaces.at(-1);
    if (!surface) return this.show({ type: 'error', message });
    surface(message);
    return this.next++;
  }
  /**
   * While a drawer or dialog is open, the errors go to it (the last one opened, when one opens over another).
   * Answers the call that gives them back.
   */
  showErrorsIn(surface: ErrorSurface): () => void {
    this.surfaces.push(surface);
    return () => {
      const index = this.surfaces.lastIndexOf(surface);
      if (index >= 0) this.surfaces.splice(index, 1);
    };
  }
  clear(): void {
    this.clearSubject.next();
  }
}
