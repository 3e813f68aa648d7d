import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { ConfirmDialogProps } from './confirm-dialog';
import { OverlayError, useErrorsInside } from './overlay-error';

/** The confirmation dialog itself, downloaded when it first opens (see `ConfirmDialog`). */
export function ConfirmDialogPanel({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  onConfirm,
  onCancel,
  finalFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const error = useErrorsInside(open);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      finalFocusEl={finalFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop zIndex="overlay" />
        <Dialog.Positioner zIndex="modal">
          <Dialog.Content bg="card" color="ink" borderRadius="card" mx="4">
            <Dialog.Header>
              <Dialog.Title fontSize="lg" fontWeight="bold">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error && <OverlayError message={error} mb="4" />}
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" colorPalette="primary">
                  {cancelLabel ?? t('forms.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={destructive ? 'error' : 'primary'} onClick={onConfirm}>
                {confirmLabel ?? t('forms.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
