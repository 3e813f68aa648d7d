import type { Toast, ToastBus } from '@especifica/mf-shared';

/** What the toaster takes over when it starts: the toasts emitted before it was loaded, in order. */
export interface HeldToasts {
  /** Hands the held toasts over and stops holding: the caller has subscribed to the bus in the same turn. */
  take(): Toast[];
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The toaster (drawn with the UI kit) is not part of a first screen: it is loaded on the first toast or the first
 * user interaction, whichever comes first. Toasts emitted before it is up are held and handed over, so none is
 * lost; a clear before then drops the held ones, as it would have faded them. Answers a way to load it at once.
 */
export function loadToasterWhenNeeded(
  bus: ToastBus,
  load: () => Promise<{ startToaster(held: HeldToasts): void }>,
  target: EventTarget = window,
): () => Promise<void> {
  let held: Toast[] = [];
  const holding = bus.toasts.subscribe((toast) => {
    held.push(toast);
    start();
  });
  const clearing = bus.cleared.subscribe(() => {
    held = [];
  });
  const handover: HeldToasts = {
    take() {
      holding.unsubscribe();
      clearing.unsubscribe();
      const taken = held;
      held = [];
      return taken;
    },
  };
  let started: Promise<void> | null = null;
  function start(): Promise<void> {
    for (const type of INTERACTIONS) target.removeEventListener(type, onInteraction, true);
    started ??= load()
      .then((toaster) => toaster.startToaster(handover))
      .catch((error) => {
        // Failing to load or to start, it is tried again on the next toast or interaction; the held toasts wait.
        started = null;
        listen();
        console.error('[shell] the toaster could not be started', error);
      });
    return started;
  }
  function onInteraction() {
    void start();
  }
  function listen() {
    for (const type of INTERACTIONS) target.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
  listen();
  return start;
}
