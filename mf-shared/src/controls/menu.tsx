import { Box, chakra } from '@chakra-ui/react';
import { usePartsClass } from '@especifica/mf-shared/ui';
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { menuParts } from './controls.parts';
import { isPrintableKey, matchTypeahead, nextEnabled, useOutsidePress } from './popup';

const MenuContext = createContext<{ close: (focusTrigger: boolean) => void } | null>(null);
const ITEM = '[role^="menuitem"]';
const itemsOf = (list: HTMLElement | null) => Array.from(list?.querySelectorAll<HTMLElement>(ITEM) ?? []);
const disabledOf = (items: HTMLElement[]) => items.map((item) => item.getAttribute('aria-disabled') === 'true');

export interface MenuProps {
  /** What the trigger button shows, e.g. the avatar and the user's name. */
  trigger: ReactNode;
  /** The trigger's accessible name when what it shows is not enough (e.g. only an avatar). */
  triggerLabel?: string;
  /** Which edge of the trigger the list lines up with. */
  align?: 'start' | 'end';
  /** Width of the list; the user drop-down of spec 9 is 290px, the default. */
  width?: string;
  /** MenuItem, MenuSeparator, ThemeToggle, LanguageSwitch with variant "menu". */
  children: ReactNode;
}

/**
 * A drop-down menu (WAI-ARIA menu button): opens on click, Enter, Space or the arrow keys, moves with the arrows,
 * Home, End and by typing, and closes on Escape, Tab or a click outside (spec 4).
 */
export function Menu({ trigger, triggerLabel, align = 'end', width = 'userDropdownWidth', children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback((focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  }, []);
  useOutsidePress([rootRef], open, () => close(false));

  useEffect(() => {
    if (!open) return;
    const list = itemsOf(listRef.current);
    const disabled = disabledOf(list);
    const index = focusOnOpen === 'first' ? nextEnabled(disabled, -1, 1) : nextEnabled(disabled, list.length, -1);
    (list[index] ?? listRef.current)?.focus();
  }, [open, focusOnOpen]);

  const openWith = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const list = itemsOf(listRef.current);
    const disabled = disabledOf(list);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: nextEnabled(disabled, current, 1),
      ArrowUp: nextEnabled(disabled, current < 0 ? list.length : current, -1),
      Home: nextEnabled(disabled, -1, 1),
      End: nextEnabled(disabled, list.length, -1),
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key] ?? -1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (isPrintableKey(event)) {
      const labels = list.map((item) => item.textContent ?? '');
      list[matchTypeahead(labels, disabled, event.key, current)]?.focus();
    }
  };

  return (
    <div ref={rootRef} className={usePartsClass(menuParts)}>
      <button
        ref={triggerRef}
        type="button"
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={triggerLabel}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <MenuContext.Provider value={{ close }}>
          <Box
            ref={listRef}
            id={`${id}-menu`}
            role="menu"
            aria-labelledby={`${id}-trigger`}
            tabIndex={-1}
            onKeyDown={onListKeyDown}
            position="absolute"
            top="calc(100% + 8px)"
            insetStart={align === 'start' ? '0' : undefined}
            insetEnd={align === 'end' ? '0' : undefined}
            w={width}
            maxW="calc(100vw - 16px)"
            py="2"
            bg="card"
            color="ink"
            borderWidth="1px"
            borderColor="surface.100"
            borderRadius="card"
            boxShadow="lg"
            zIndex="header"
            outline="none"
            animationName="fade-in"
            animationDuration="fast"
          >
            {children}
          </Box>
        </MenuContext.Provider>
      )}
    </div>
  );
}

export interface MenuItemProps {
  /** Called on click, Enter or Space; for a link, call event.preventDefault() to route on the client. */
  onSelect?: (event: SyntheticEvent) => void;
  /** Renders the item as a link. */
  href?: string;
  /** A checkbox or radio item reports its state to assistive technology and shows a tick when checked. */
  role?: 'menuitem' | 'menuitemcheckbox' | 'menuitemradio';
  checked?: boolean;
  /** Items that change a setting (theme, language) keep the menu open. */
  closeOnSelect?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}

export function MenuItem({
  onSelect,
  href,
  role = 'menuitem',
  checked,
  closeOnSelect = role === 'menuitem',
  disabled,
  icon,
  children,
}: MenuItemProps) {
  const menu = useContext(MenuContext);
  const select = (event: SyntheticEvent) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onSelect?.(event);
    if (closeOnSelect) menu?.close(true);
  };
  const Element = href ? chakra.a : chakra.div;
  return (
    <Element
      href={disabled ? undefined : href}
      role={role}
      aria-checked={role === 'menuitem' ? undefined : Boolean(checked)}
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      onClick={select}
      onKeyDown={(event: KeyboardEvent) => {
        // A link follows itself on Enter; everything else answers Enter and Space here.
        if (event.key === ' ' || (event.key === 'Enter' && !href)) {
          event.preventDefault();
          select(event);
        }
      }}
      display="flex"
      alignItems="center"
      gap="3"
      px="4"
      py="2.5"
      fontSize="sm"
      color="ink"
      textDecoration="none"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.5 : undefined}
      outline="none"
      _hover={{ bg: 'surface.100' }}
      _focus={{ bg: 'surface.100' }}
    >
      {icon}
      <chakra.span flex="1">{children}</chakra.span>
      {checked && (
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      )}
    </Element>
  );
}

export function MenuSeparator() {
  return <Box role="separator" my="2" borderTopWidth="1px" borderColor="surface.100" />;
}

/** A labelled set of items, e.g. the languages. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Box id={id} px="4" pt="2" pb="1" fontSize="xxs" fontWeight="bold" color="muted" textTransform="uppercase">
        {label}
      </Box>
      {children}
    </Box>
  );
}
