import { Drawer as ChakraDrawer, chakra, Portal } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { DATE_PICKER_POPUP_ATTRIBUTE, DrawerFooterSlot, type DrawerProps } from './drawer';
import { OverlayError, useErrorsInside } from './overlay-error';

const DATE_PICKER_POPUP = `[${DATE_PICKER_POPUP_ATTRIBUTE}]`;
/** Escape inside these closes the popup first, not the drawer around it. */
const OPEN_POPUP_INSIDE = '[role="combobox"][aria-expanded="true"], [role="menu"]';

const SLIDE = { animationDuration: '300ms' };

const targetOf = (event: { detail: { originalEvent: Event } }) => {
  const original = event.detail.originalEvent;
  return (original.composedPath?.()[0] ?? original.target) as Element | null;
};

/** The drawer itself, downloaded when it first opens (see `Drawer`). */
export function DrawerPanel({
  open,
  onClose,
  placement = 'right',
  title,
  'aria-label': ariaLabel,
  closeOnOutsideClick = true,
  showCloseButton = true,
  footer,
  keepMounted = false,
  children,
}: DrawerProps) {
  const { t } = useTranslation();
  const [footerSlot, setFooterSlot] = useState<HTMLElement | null>(null);
  const error = useErrorsInside(open);
  return (
    <ChakraDrawer.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement={placement === 'left' ? 'start' : 'end'}
      closeOnInteractOutside={closeOnOutsideClick}
      onInteractOutside={(event) => {
        if (targetOf(event)?.closest?.(DATE_PICKER_POPUP)) event.preventDefault();
      }}
      onEscapeKeyDown={(event) => {
        if ((event.target as Element | null)?.closest?.(OPEN_POPUP_INSIDE)) event.preventDefault();
      }}
      lazyMount={!keepMounted}
      unmountOnExit={!keepMounted}
    >
      {open && <Global styles={{ [DATE_PICKER_POPUP]: { pointerEvents: 'auto' } }} />}
      <Portal>
        <ChakraDrawer.Backdrop zIndex="overlay" _open={SLIDE} _closed={SLIDE} />
        <ChakraDrawer.Positioner zIndex="modal">
          <ChakraDrawer.Content
            aria-label={title ? undefined : ariaLabel}
            data-placement={placement}
            zIndex="modal"
            w="100%"
            maxW={{ base: '100vw', sm: 'drawerWidth' }}
            bg="card"
            color="ink"
            _open={SLIDE}
            _closed={SLIDE}
          >
            {(title || showCloseButton) && (
              <ChakraDrawer.Header pe={showCloseButton ? '14' : undefined} minH="14">
                {title && (
                  <ChakraDrawer.Title fontSize="lg" fontWeight="bold">
                    {title}
                  </ChakraDrawer.Title>
                )}
              </ChakraDrawer.Header>
            )}
            <DrawerFooterSlot.Provider value={footerSlot}>
              {/* It scrolls under the header and above the footer: focusable, so that the keyboard scrolls it too
                  when nothing in it is (an approved invoice's details). */}
              <ChakraDrawer.Body
                tabIndex={0}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' }}
              >
                {error && <OverlayError message={error} position="sticky" top="0" zIndex="1" mb="4" />}
                {children}
              </ChakraDrawer.Body>
              {/* The actions' place (DrawerActions): hidden while nothing is drawn in it. */}
              <ChakraDrawer.Footer ref={setFooterSlot} gap="3" _empty={{ display: 'none' }}>
                {footer}
              </ChakraDrawer.Footer>
            </DrawerFooterSlot.Provider>
            {showCloseButton && (
              <ChakraDrawer.CloseTrigger asChild>
                <chakra.button
                  type="button"
                  aria-label={t('controls.close')}
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="10"
                  top="3"
                  insetEnd="3"
                  borderRadius="card"
                  color="muted"
                  cursor="pointer"
                  _hover={{ bg: 'surface.100', color: 'ink' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand' }}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </chakra.button>
              </ChakraDrawer.CloseTrigger>
            )}
          </ChakraDrawer.Content>
        </ChakraDrawer.Positioner>
      </Portal>
    </ChakraDrawer.Root>
  );
}
