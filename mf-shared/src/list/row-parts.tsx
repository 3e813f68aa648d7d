import { type SystemStyleObject, useChakraContext } from '@chakra-ui/react';
import { CHECKED } from '@especifica/mf-shared/controls';
import { RouterLink } from '@especifica/mf-shared/router';
import { type ColorPalette, PALETTES, perSystem, tokens } from '@especifica/mf-shared/ui';
import type { ComponentProps, ReactNode } from 'react';

// The parts of a table's rows (its badges, buttons, links, selection boxes and texts) as plain elements: a Chakra
// component in every cell computes and serializes its styles at every render, which made a page of rows cost more
// than its data. They look like Chakra's Badge (subtle), Button (sm, outline; xs, plain), Text and the kit's
// Checkbox because the table they sit in styles them once, from the same recipes (`useRowParts`), by their data
// attributes.

/** The palettes a row's badge may take: the system's. */
export type RowPalette = ColorPalette;

/** A badge in a row: Chakra's Badge (subtle, sm) in `palette`; `title` is shown on hover (an end date). */
export function RowBadge({ palette, title, children }: { palette: RowPalette; title?: string; children: ReactNode }) {
  return (
    <span data-row-badge={palette} title={title}>
      {children}
    </span>
  );
}

/**
 * A button in a row: Chakra's Button, sm, outline; `look="plain"` is the xs plain button in the primary colour, as a
 * link would look.
 */
export function RowButton({ look, ...props }: Omit<ComponentProps<'button'>, 'type'> & { look?: 'plain' }) {
  return <button type="button" data-row-button={look ?? ''} {...props} />;
}

/**
 * The tones of a row's text: `strong`, `line` and `muted` (sm) are lines of their own, as a name over its detail (a
 * long e-mail breaks rather than overflowing); `note` an
 * xs muted line under a badge; `gain` and `loss` bold figures in green and red that do not wrap; `nowrap` a text kept
 * on one line (a CPF).
 */
export type RowTone = 'strong' | 'line' | 'muted' | 'note' | 'gain' | 'loss' | 'nowrap';

/** Text in a row in one of its tones (`RowTone`), a span: a card's title is a paragraph. */
export function RowText({ tone, children }: { tone: RowTone; children: ReactNode }) {
  return <span data-row-text={tone}>{children}</span>;
}

/**
 * A link in a row that looks like its buttons (the router's link: no reload); `look="text"` is Chakra's Link in the
 * primary colour, as a name that opens its page.
 */
export function RowLink({ look, ...props }: ComponentProps<typeof RouterLink> & { look?: 'text' }) {
  return look === 'text' ? <RouterLink data-row-link="" {...props} /> : <RouterLink data-row-button="" {...props} />;
}

/** Parts side by side in a row, wrapping, as Chakra's HStack (gap 2) would lay them out. */
export function RowLine({ children }: { children: ReactNode }) {
  return <span data-row-line="">{children}</span>;
}

/**
 * A row's folded detail: `summary` opens it (a native details element: the keyboard and screen readers know it), and
 * it shows labelled blocks of preformatted text side by side from 768 px, as a change's before and after.
 */
export function RowDetails({
  summary,
  panes,
}: {
  summary: ReactNode;
  panes: readonly { label: ReactNode; text: string }[];
}) {
  return (
    <details data-row-details="">
      <summary>{summary}</summary>
      <div>
        {panes.map((pane, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the panes are fixed in number and order by their cell
          <div key={i}>
            <p>{pane.label}</p>
            <pre>{pane.text}</pre>
          </div>
        ))}
      </div>
    </details>
  );
}

/**
 * A row's selection box: the kit's Checkbox (18px, primary) without a label. A real, visually hidden input keeps the
 * keyboard and screen readers right; `label` names it.
 */
export function RowBox({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <label data-row-box="" data-disabled={disabled ? '' : undefined}>
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3px"
        strokeLinecap="round"
        strokeLinejoin="round"
        data-state={checked ? 'checked' : 'unchecked'}
        aria-hidden="true"
      >
        {checked && <polyline points="20 6 9 17 4 12" />}
      </svg>
    </label>
  );
}

/**
 * The styles of the row parts, for the element that holds the rows (one css prop rather than one per part), worked
 * out once per system: computing the three recipes took a list 5 to 10 ms at each mount, in the task that draws its
 * rows. `warmListParts` (data-table.tsx) has them ready while the page waits for its rows.
 */
export const rowPartsOf = perSystem((system): SystemStyleObject => {
  const badge = system.getRecipeFn('badge');
  const button = system.getRecipeFn('button');
  const checkmark = system.getRecipeFn('checkmark');
  const link = system.getRecipeFn('link');
  return {
    '& [data-row-badge]': badge({}),
    ...Object.fromEntries(PALETTES.map((palette) => [`& [data-row-badge=${palette}]`, { colorPalette: palette }])),
    '& [data-row-button=""]': button({ size: 'sm', variant: 'outline' }),
    '& [data-row-button=plain]': { ...button({ size: 'xs', variant: 'plain' }), colorPalette: 'primary', px: '0' },
    '& [data-row-link]': { ...link({}), colorPalette: 'primary' },
    '& [data-row-line]': {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '2',
      alignItems: 'center',
      justifyContent: 'inherit',
    },
    '& [data-row-text=strong]': { display: 'block', fontWeight: 'bold' },
    '& [data-row-text=line]': { display: 'block', overflowWrap: 'anywhere' },
    '& [data-row-text=muted]': { display: 'block', fontSize: 'sm', color: 'muted', overflowWrap: 'anywhere' },
    '& [data-row-text=note]': { display: 'block', fontSize: 'xs', color: 'muted', mt: '1' },
    '& [data-row-text=gain]': { fontWeight: 'bold', color: 'success.fg', whiteSpace: 'nowrap' },
    '& [data-row-text=loss]': { fontWeight: 'bold', color: 'error.fg', whiteSpace: 'nowrap' },
    '& [data-row-text=nowrap]': { whiteSpace: 'nowrap' },
    '& [data-row-details]': {
      maxW: '420px',
      '& > summary': { cursor: 'pointer', color: 'brand' },
      '& > div': { display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '2', mt: '2' },
      '& > div > div': { minW: '0' },
      '& p': { fontSize: 'xs', fontWeight: 'bold' },
      '& pre': {
        fontSize: 'xs',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        bg: 'bg.muted',
        p: '2',
        borderRadius: 'sm',
      },
    },
    '& [data-row-box]': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      fontSize: 'sm',
      color: 'ink',
      cursor: 'pointer',
      colorPalette: 'primary',
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
      '& > input': { srOnly: true },
      '& > svg': {
        ...checkmark({ variant: 'solid' }),
        ...CHECKED,
        boxSize: tokens.sizes.checkbox,
        p: '2px',
        '&[data-state=unchecked]': { bg: 'card', borderColor: 'surface.400' },
      },
      '& > input:focus-visible + svg': {
        outline: '2px solid',
        outlineColor: 'colorPalette.focusRing',
        outlineOffset: '2px',
      },
    },
  };
});

/** The row parts' styles of the system in context (`rowPartsOf`). */
export function useRowParts(): SystemStyleObject {
  return rowPartsOf(useChakraContext());
}
