import { Alert, type AlertRootProps } from '@chakra-ui/react';
import { toasts } from '@especifica/mf-shared';
import { useEffect, useState } from 'react';

/**
 * The error shown inside an open drawer or dialog: every error emitted on the toast bus while it is open on top (a
 * refused save, a refused approval) is drawn in it rather than toasted beside it. It is cleared when the overlay
 * closes and when another toast (a success) is emitted. A runtime older than the bus's `showErrorsIn` toasts them.
 */
export function useErrorsInside(open: boolean): string | null {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    const giveBack = toasts.showErrorsIn?.(setError);
    const others = toasts.toasts.subscribe(() => setError(null));
    return () => {
      giveBack?.();
      others.unsubscribe();
      setError(null);
    };
  }, [open]);
  return error;
}

/** A refusal of the server inside a drawer or dialog, at the top of its body. */
export function OverlayError({ message, ...props }: { message: string } & AlertRootProps) {
  return (
    <Alert.Root status="error" role="alert" data-testid="overlay-error" {...props}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
