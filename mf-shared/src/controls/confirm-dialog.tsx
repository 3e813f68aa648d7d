import { type ReactNode, useCallback, useRef, useState } from 'react';
import { loadedWhenOpened } from './on-demand';

export interface ConfirmOptions {
  title: string;
  /** What will happen, in a sentence: "A nota 123 será reprovada e o profissional avisado." */
  description: ReactNode;
  /** The action's own verb ("Reprovar"); "Confirmar" by default. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action shows its button in red. */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes; the element focused when it opened, by default. */
  finalFocus?: () => HTMLElement | null;
}

/**
 * Asks before a destructive or costly action and says what will happen (an alert dialog: Escape cancels). Its code
 * is downloaded when it first opens.
 */
export const ConfirmDialog = loadedWhenOpened<ConfirmDialogProps>(() =>
  import('./confirm-dialog-panel').then((module) => module.ConfirmDialogPanel),
);

/**
 * `const { confirm, dialog } = useConfirm()`: render `dialog`, then `if (await confirm({ ... }))` before the action.
 * Focus goes back to the element that opened it (the action's button) when it closes.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const answer = useRef<(confirmed: boolean) => void>(() => {});
  const opener = useRef<HTMLElement | null>(null);
  // The texts stay while the dialog animates out.
  const shown = useRef<ConfirmOptions>({ title: '', description: '' });
  if (asked) shown.current = asked;
  const confirm = useCallback((options: ConfirmOptions) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    answer.current(false);
    setAsked(options);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const close = (confirmed: boolean) => {
    answer.current(confirmed);
    answer.current = () => {};
    setAsked(null);
  };
  const dialog = (
    <ConfirmDialog
      {...shown.current}
      open={asked !== null}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
      finalFocus={() => opener.current}
    />
  );
  return { confirm, dialog };
}
