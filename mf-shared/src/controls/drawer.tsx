import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { loadedWhenOpened } from './on-demand';

/**
 * Mark the popup of a date picker with this attribute (e.g. `<div data-date-picker-popup>`): a click inside it
 * does not count as a click outside the drawer, even when the picker renders its popup elsewhere in the page (the
 * popup also gets its pointer events back, which the open drawer takes from the rest of the page). Keyboard focus
 * stays trapped in the drawer, so a picker whose popup takes focus should render it inside the drawer.
 */
export const DATE_PICKER_POPUP_ATTRIBUTE = 'data-date-picker-popup';

export interface DrawerProps {
  open: boolean;
  /** Called on Escape, on a click outside (unless blocked) and on the close button. */
  onClose: () => void;
  /** Side the panel slides in from (spec 4: right by default). */
  placement?: 'right' | 'left';
  /** Visible heading; it also names the dialog. Without one, give `aria-label`. */
  title?: ReactNode;
  'aria-label'?: string;
  /** false keeps the drawer open on a click outside it. */
  closeOnOutsideClick?: boolean;
  /** false hides the close button (it is shown by default). */
  showCloseButton?: boolean;
  footer?: ReactNode;
  /** Keep the content mounted while closed, so opening paints within a frame (e.g. a navigation menu). */
  keepMounted?: boolean;
  children?: ReactNode;
}

/**
 * A side panel, 576px wide and the full width below the sm breakpoint, sliding in over 300 ms. While it is open
 * the page does not scroll, a dimmed overlay covers it and focus stays inside (spec 4, 9). Its code is downloaded
 * when it first opens; `Drawer.preload()` fetches it on the intent to open (a pointer over the button that opens it).
 */
export const Drawer = loadedWhenOpened<DrawerProps>(() =>
  import('./drawer-panel').then((module) => module.DrawerPanel),
);

/**
 * The footer of the drawer around (null until it is drawn); undefined outside a drawer. The footer stays at the
 * drawer's bottom while its body scrolls.
 */
export const DrawerFooterSlot = createContext<HTMLElement | null | undefined>(undefined);

/**
 * A drawer's actions (Aprovar, Reprovar, Salvar): drawn in its footer, always in view however long the body is.
 * Outside a drawer they are drawn where they are written. A submit button in it names its form (`form="…"`), as
 * the footer is outside the form's element.
 */
export function DrawerActions({ children }: { children: ReactNode }) {
  const footer = useContext(DrawerFooterSlot);
  if (footer === undefined) return children;
  return footer ? createPortal(children, footer) : null;
}
