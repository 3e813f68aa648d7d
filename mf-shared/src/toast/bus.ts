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

/** Remotes only emit; the shell's toaster is the one place that renders. */
export class ToastBus {
  private readonly subject = new Subject<Toast>();
  private readonly clearSubject = new Subject<void>();
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
  error(message: string): number {
    return this.show({ type: 'error', message });
  }
  clear(): void {
    this.clearSubject.next();
  }
}
