import { Box, Checkmark, chakra } from '@chakra-ui/react';
import { tokens, useTranslation } from '@especifica/mf-shared/ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Avatar } from './avatar';
import { CHECKED } from './checkbox';
import { requiredMark } from './field-notes';
import { isPrintableKey, matchTypeahead, nextEnabled, useOutsidePress } from './popup';
import {
  isMenuVariant,
  optionStyles,
  paletteOf,
  popupStyles,
  type SelectVariant,
  triggerStyles,
} from './select-styles';

export interface SelectOption {
  label: string;
  value: string;
  isDisabled?: boolean;
  /** Image shown beside the label; an empty string shows the label's initials. */
  avatar?: string;
}

interface SelectCommonProps {
  options: SelectOption[];
  /** The accessible name. Shown above the control, except with hideLabel; the menu variants show it as the trigger. */
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  isDisabled?: boolean;
  /** Submits the value in a form through hidden inputs. */
  name?: string;
  id?: string;
  width?: string;
  /** Marks the control invalid for assistive technology (a form field shows its message beside it). */
  invalid?: boolean;
  /** Ids of the texts that describe the control: its helper, its error message. */
  describedBy?: string;
  /** A choice the form needs: an asterisk beside the label, and aria-required. */
  required?: boolean;
}

export interface SingleSelectProps extends SelectCommonProps {
  variant?: Exclude<SelectVariant, 'multiselect'>;
  value: string | null;
  onChange: (value: string, option: SelectOption) => void;
}

export interface MultiSelectProps extends SelectCommonProps {
  variant: 'multiselect';
  value: string[];
  /** The whole new selection, in the order of the options. */
  onChange: (value: string[], options: SelectOption[]) => void;
}

export type SelectProps = SingleSelectProps | MultiSelectProps;

/**
 * A select-only combobox (WAI-ARIA pattern): focus stays on the trigger while the arrows, Home, End and typing move
 * through the options, so it also works inside the drawer's focus trap. The list is rendered in place, not in a
 * portal, for the same reason.
 */
export function Select(props: SelectProps) {
  const { options, label, hideLabel, placeholder, isDisabled, name, width, invalid, describedBy, required } = props;
  const variant = props.variant ?? 'default';
  const multiple = props.variant === 'multiselect';
  const menuLike = isMenuVariant(variant);
  const { t } = useTranslation();
  const baseId = useId();
  const id = props.id ?? `${baseId}-select`;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [above, setAbove] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const selected = useMemo(
    () => new Set(multiple ? props.value : props.value === null ? [] : [props.value]),
    [multiple, props.value],
  );
  const disabled = options.map((option) => Boolean(option.isDisabled));
  const labels = options.map((option) => option.label);
  const firstSelected = options.findIndex((option) => selected.has(option.value) && !option.isDisabled);

  const close = () => {
    setOpen(false);
    setHighlighted(-1);
  };
  useOutsidePress([rootRef], open, close);

  const show = (highlight: number) => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (rect) {
      const below = window.innerHeight - rect.bottom;
      setAbove(below < 240 && rect.top > below);
    }
    setOpen(true);
    setHighlighted(highlight);
  };

  useEffect(() => {
    if (open && highlighted >= 0)
      document.getElementById(optionId(highlighted))?.scrollIntoView?.({ block: 'nearest' });
  });

  const pick = (index: number) => {
    const option = options[index];
    if (!option || option.isDisabled) return;
    if (props.variant === 'multiselect') {
      const next = new Set(selected);
      if (next.has(option.value)) next.delete(option.value);
      else next.add(option.value);
      const chosen = options.filter((candidate) => next.has(candidate.value));
      props.onChange(
        chosen.map((candidate) => candidate.value),
        chosen,
      );
      setHighlighted(index);
      return;
    }
    props.onChange(option.value, option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = options.length;
    if (!open) {
      const opening: Record<string, number> = {
        ArrowDown: firstSelected >= 0 ? firstSelected : nextEnabled(disabled, -1, 1),
        ArrowUp: firstSelected >= 0 ? firstSelected : nextEnabled(disabled, last, -1),
        Enter: firstSelected >= 0 ? firstSelected : nextEnabled(disabled, -1, 1),
        ' ': firstSelected >= 0 ? firstSelected : nextEnabled(disabled, -1, 1),
        Home: nextEnabled(disabled, -1, 1),
        End: nextEnabled(disabled, last, -1),
      };
      if (event.key in opening) {
        event.preventDefault();
        show(opening[event.key] ?? -1);
      } else if (isPrintableKey(event)) {
        show(matchTypeahead(labels, disabled, event.key, firstSelected));
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: nextEnabled(disabled, highlighted, 1),
      ArrowUp: nextEnabled(disabled, highlighted < 0 ? last : highlighted, -1),
      Home: nextEnabled(disabled, -1, 1),
      End: nextEnabled(disabled, last, -1),
    };
    if (event.key in moves) {
      event.preventDefault();
      setHighlighted(moves[event.key] ?? -1);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(highlighted);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close();
    } else if (isPrintableKey(event)) {
      const match = matchTypeahead(labels, disabled, event.key, highlighted);
      if (match >= 0) setHighlighted(match);
    }
  };

  const chosenLabels = options.filter((option) => selected.has(option.value)).map((option) => option.label);
  const shown = menuLike ? label : chosenLabels.join(', ');
  const labelVisible = !menuLike && !hideLabel;

  return (
    <Box ref={rootRef} position="relative" w={width ?? (variant === 'menu' ? 'auto' : '100%')} data-variant={variant}>
      <Box
        as="span"
        id={labelId}
        display="block"
        mb={labelVisible ? '1.5' : undefined}
        fontSize="sm"
        fontWeight="medium"
        color="ink"
        srOnly={!labelVisible}
        css={required ? requiredMark : undefined}
      >
        {label}
      </Box>
      <chakra.button
        ref={triggerRef}
        type="button"
        id={id}
        role="combobox"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && highlighted >= 0 ? optionId(highlighted) : undefined}
        disabled={isDisabled}
        onClick={() => (open ? close() : show(firstSelected >= 0 ? firstSelected : nextEnabled(disabled, -1, 1)))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
        }}
        colorPalette={paletteOf(variant)}
        css={triggerStyles(variant)}
      >
        <chakra.span truncate color={shown ? undefined : 'muted'}>
          {shown || placeholder || t('controls.selectPlaceholder')}
        </chakra.span>
        <Chevron open={open} />
      </chakra.button>
      {name && [...selected].map((value) => <input key={value} type="hidden" name={name} value={value} />)}
      {open && (
        // Pressing an option must not move focus off the trigger, which owns the keyboard.
        <Box css={popupStyles(variant, above)} onMouseDown={(event) => event.preventDefault()}>
          <Box
            role="listbox"
            id={listId}
            aria-labelledby={labelId}
            aria-multiselectable={multiple || undefined}
            tabIndex={-1}
          >
            {options.map((option, index) => (
              <Box
                key={option.value}
                role="option"
                id={optionId(index)}
                aria-selected={selected.has(option.value)}
                aria-disabled={option.isDisabled || undefined}
                data-highlighted={index === highlighted ? '' : undefined}
                onClick={() => pick(index)}
                onMouseMove={() => {
                  if (!option.isDisabled && index !== highlighted) setHighlighted(index);
                }}
                css={optionStyles}
                color={menuLike && selected.has(option.value) ? 'brand' : undefined}
              >
                {multiple && (
                  <Checkmark
                    checked={selected.has(option.value)}
                    variant="solid"
                    css={CHECKED}
                    colorPalette="primary"
                    boxSize={tokens.sizes.checkbox}
                    p="2px"
                    flexShrink={0}
                  />
                )}
                {option.avatar !== undefined && <Avatar name={option.label} src={option.avatar || null} size="24px" />}
                <chakra.span flex="1" truncate>
                  {option.label}
                </chakra.span>
              </Box>
            ))}
          </Box>
          {options.length === 0 && (
            <Box px="3.5" py="2.5" fontSize="sm" color="muted">
              {t('controls.emptyState')}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      boxSize="4"
      flexShrink={0}
      transition="transform 0.15s"
      transform={open ? 'rotate(180deg)' : undefined}
      aria-hidden="true"
      focusable="false"
    >
      <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </chakra.svg>
  );
}
