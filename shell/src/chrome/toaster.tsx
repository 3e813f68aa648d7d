import { type Toast, type ToastPlacement, toasts } from '@especifica/mf-shared';
import { Box, chakra, Stack, Text, tokens, UiProvider, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { hasHeader } from '../routes';
import type { HeldToasts } from './held-toasts';
import { headerKind } from './nav';
import { useMediaQuery, usePathname } from './use-location';

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

/** The space between a toast and the window's edge, or the header's bottom. */
const EDGE = '16px';

const placements: Record<ToastPlacement, Record<string, string>> = {
  topEnd: { right: EDGE, alignItems: 'flex-end' },
  topStart: { left: EDGE, alignItems: 'flex-start' },
  topCenter: { left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  bottomEnd: { bottom: EDGE, right: EDGE, alignItems: 'flex-end' },
  bottomStart: { bottom: EDGE, left: EDGE, alignItems: 'flex-start' },
  bottomCenter: { bottom: EDGE, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
};

/**
 * Where the top toasts start: below the header, so that they never cover the points, the bell or the avatar (nor the
 * whole header on a phone). The header's height and the width at which it turns to its phone layout are the header's
 * own (the size tokens, `mobileHeaderBelow`); a page without the header starts them at the window's edge.
 */
export function useToastsTop(): string {
  const user = useSession((state) => state.user);
  const pathname = usePathname();
  const kind = user && hasHeader(pathname) ? headerKind(pathname, user.userType) : null;
  const phone = useMediaQuery(`(max-width: ${tokens.mobileHeaderBelow[kind === 'admin' ? 'admin' : 'user'] - 1}px)`);
  if (!kind) return EDGE;
  return `calc(${phone ? tokens.sizes.headerHeightMobile : tokens.sizes.headerHeight} + ${EDGE})`;
}

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
  const top = useToastsTop();
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
          style={placement.startsWith('top') ? { ...style, top } : style}
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
