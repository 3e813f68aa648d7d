import { type Toast, type ToastPlacement, toasts } from '@especifica/mf-shared';
import { Box, chakra, Stack, Text, UiProvider, useTranslation } from '@especifica/mf-shared/ui';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { HeldToasts } from './held-toasts';

/** Spec 9: fade 300 ms, 400 ms when clearing; dragging past 80 % of the width dismisses. */
export const FADE_MS = 300;
export const CLEAR_FADE_MS = 400;
export const DRAG_DISMISS_RATIO = 0.8;

const accent: Record<Toast['type'], string> = {
  info: 'informative.500',
  success: 'success.500',
  warning: 'warning.500',
  error: 'error.500',
  default: 'neutral.500',
};

const placements: Record<ToastPlacement, Record<string, string>> = {
  topEnd: { top: '16px', right: '16px', alignItems: 'flex-end' },
  topStart: { top: '16px', left: '16px', alignItems: 'flex-start' },
  topCenter: { top: '16px', left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  bottomEnd: { bottom: '16px', right: '16px', alignItems: 'flex-end' },
  bottomStart: { bottom: '16px', left: '16px', alignItems: 'flex-start' },
  bottomCenter: { bottom: '16px', left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
};

interface Shown extends Toast {
  leavingMs: number | null;
}

function ToastItem({ toast, onClose }: { toast: Shown; onClose: () => void }) {
  const { t } = useTranslation();
  const [dx, setDx] = useState(0);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = event.clientX - drag.current.x;
    if (Math.abs(moved) > 4) drag.current.moved = true;
    setDx(moved);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    drag.current = null;
    if (!state) return;
    const width = event.currentTarget.getBoundingClientRect().width || 1;
    // A press without a drag is a click, which closes too (spec 4).
    if (!state.moved || Math.abs(event.clientX - state.x) > width * DRAG_DISMISS_RATIO) onClose();
    else setDx(0);
  };

  return (
    <Box
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-type={toast.type}
      data-placement={toast.placement}
      data-leaving={toast.leavingMs ? '' : undefined}
      bg="card"
      color="ink"
      borderLeftWidth="4px"
      borderColor={accent[toast.type]}
      borderRadius="card"
      boxShadow="lg"
      px="4"
      py="3"
      w="360px"
      maxW="calc(100vw - 32px)"
      display="flex"
      alignItems="flex-start"
      gap="3"
      cursor="pointer"
      touchAction="pan-y"
      userSelect="none"
      style={{
        transform: dx ? `translateX(${dx}px)` : undefined,
        opacity: toast.leavingMs ? 0 : 1,
        transition: drag.current ? 'none' : `opacity ${toast.leavingMs ?? FADE_MS}ms ease, transform 200ms ease`,
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      <Text flex="1" fontSize="sm" fontWeight="medium">
        {toast.message}
      </Text>
      <chakra.button
        type="button"
        aria-label={t('controls.close')}
        color="muted"
        fontSize="lg"
        lineHeight="1"
        bg="transparent"
        border="0"
        cursor="pointer"
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          onClose();
        }}
      >
        ×
      </chakra.button>
    </Box>
  );
}

/** The one place toasts are drawn; every module only emits on the shared bus. */
export function Toaster({ held }: { held?: HeldToasts }) {
  const [items, setItems] = useState<Shown[]>([]);
  const close = useRef<(id: number) => void>(() => {});

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, fn: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    };
    const leave = (ids: number[] | 'all', ms: number) => {
      setItems((current) =>
        current.map((toast) =>
          ids === 'all' || ids.includes(toast.id) ? { ...toast, leavingMs: toast.leavingMs ?? ms } : toast,
        ),
      );
      later(ms, () =>
        setItems((current) => current.filter((toast) => !(ids === 'all' ? toast.leavingMs : ids.includes(toast.id)))),
      );
    };
    close.current = (id) => leave([id], FADE_MS);
    const show = (toast: Toast) => {
      setItems((current) => [...current, { ...toast, leavingMs: null }]);
      later(toast.autoCloseMs, () => leave([toast.id], FADE_MS));
    };
    const shown = toasts.toasts.subscribe(show);
    const cleared = toasts.cleared.subscribe(() => leave('all', CLEAR_FADE_MS));
    // Subscribed first, then handed what came before: in one turn, so that no toast is lost or shown twice.
    for (const toast of held?.take() ?? []) show(toast);
    return () => {
      shown.unsubscribe();
      cleared.unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [held]);

  const groups = Object.entries(placements)
    .map(([placement, style]) => ({ placement, style, list: items.filter((toast) => toast.placement === placement) }))
    .filter((group) => group.list.length > 0);

  return (
    <>
      {groups.map(({ placement, style, list }) => (
        <Stack
          key={placement}
          position="fixed"
          zIndex="toast"
          gap="2"
          aria-live="polite"
          data-testid={`toasts-${placement}`}
          style={style}
        >
          {(placement.startsWith('bottom') ? [...list].reverse() : list).map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={() => close.current(toast.id)} />
          ))}
        </Stack>
      ))}
    </>
  );
}

/** Draws the toaster in its element, taking over the toasts held until it was loaded (./held-toasts). */
export function startToaster(held: HeldToasts): void {
  createRoot(document.getElementById('toaster') as HTMLElement).render(
    <UiProvider>
      <Toaster held={held} />
    </UiProvider>,
  );
}
