import { Checkmark, chakra } from '@chakra-ui/react';
import { tokens } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import type { Palette } from './avatar';

/** Chakra fills a checked box with the palette's solid step, which dark mode lightens too much for a white tick. */
export const CHECKED = { '&[data-state=checked]': { bg: 'colorPalette.600', borderColor: 'colorPalette.600' } };

export interface CheckboxProps {
  checked: boolean;
  /** The caller's handler for a click (or Space), with the state the box asks to move to. */
  onChange: (checked: boolean) => void;
  /** Visible label; without one, give `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  value?: string;
  colorPalette?: Palette;
}

/** An 18px checkbox (spec 9). A real, visually hidden input keeps the keyboard, forms and screen readers right. */
export function Checkbox({ checked, onChange, label, disabled, colorPalette = 'primary', ...input }: CheckboxProps) {
  return (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      gap="2"
      fontSize="sm"
      color="ink"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : undefined}
      colorPalette={colorPalette}
    >
      <chakra.input
        type="checkbox"
        className="peer"
        srOnly
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        {...input}
      />
      <Checkmark
        checked={checked}
        variant="solid"
        css={CHECKED}
        boxSize={tokens.sizes.checkbox}
        data-part="box"
        p="2px"
        bg={checked ? undefined : 'card'}
        borderColor={checked ? undefined : 'surface.400'}
        _peerFocusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        aria-hidden="true"
      />
      {label}
    </chakra.label>
  );
}
