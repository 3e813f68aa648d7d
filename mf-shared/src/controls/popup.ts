import { type RefObject, useEffect, useRef } from 'react';

/** Calls onDismiss on a pointer press outside every given element, while active. */
export function useOutsidePress(refs: RefObject<HTMLElement | null>[], active: boolean, onDismiss: () => void) {
  const latest = useRef({ refs, onDismiss });
  latest.current = { refs, onDismiss };
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (target && latest.current.refs.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss();
    };
    // Capture, so that a handler that stops propagation further down cannot keep a popup open by accident.
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [active]);
}

/** The index of the next enabled item from `from` in `direction`, wrapping around; -1 when none is enabled. */
export function nextEnabled(disabled: readonly boolean[], from: number, direction: 1 | -1): number {
  const count = disabled.length;
  for (let step = 1; step <= count; step++) {
    const index = (((from + step * direction) % count) + count) % count;
    if (!disabled[index]) return index;
  }
  return -1;
}

// One keyboard, so one buffer for every list.
const typeahead = { text: '', at: 0 };

/** Index of the first enabled label, after `from`, that starts with what was typed in the last half second. */
export function matchTypeahead(labels: readonly string[], disabled: readonly boolean[], key: string, from: number) {
  const now = Date.now();
  typeahead.text = now - typeahead.at < 500 ? typeahead.text + key.toLowerCase() : key.toLowerCase();
  typeahead.at = now;
  const count = labels.length;
  for (let step = typeahead.text.length > 1 ? 0 : 1; step <= count; step++) {
    const index = (from + step + count) % count;
    if (!disabled[index] && labels[index]?.toLowerCase().startsWith(typeahead.text)) return index;
  }
  return -1;
}

export const isPrintableKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
