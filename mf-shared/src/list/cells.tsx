import { type BadgeConcept, type BadgeState, badgePalette, badgeText } from '@especifica/mf-shared/kit';
import type { useTranslation } from '@especifica/mf-shared/ui';
import { Fragment, type ReactElement, type ReactNode, useState } from 'react';
import { RowBadge, RowButton, RowDetails, RowLine, RowLink, RowText, type RowTone } from './row-parts';

/** The page's translation function, as a list's cells and texts receive it. */
export type Translate = ReturnType<typeof useTranslation>['t'];

// Not exported: only this module makes a cell part, so a cell can hold nothing but the kit's parts.
const PART: unique symbol = Symbol('cell part');

/** One of the kit's cell parts (`cell.text`, `cell.badge`…), drawn as the list's row parts. */
export interface CellPart {
  readonly [PART]: (t: Translate) => ReactElement;
}

/**
 * What a list's cell holds: plain text or a figure (formatted by the column), the kit's cell parts, or a list of
 * them. A React element is not a cell: `cell: () => <Badge />` does not compile, so every row is drawn with the
 * row parts, which the table styles once, rather than with a component that styles itself in every cell.
 */
export type Cell = string | number | null | undefined | false | CellPart | readonly Cell[];

const part = (draw: (t: Translate) => ReactElement): CellPart => ({ [PART]: draw });

// A picture's box keeps its 16:9 before the file arrives; the file fills it, cropped.
const pictureBox = {
  display: 'block',
  width: 64,
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: 'var(--chakra-radii-card)',
  background: 'var(--chakra-colors-surface-100)',
} as const;
const pictureFile = { display: 'block', width: '100%', height: '100%', objectFit: 'cover' } as const;

/** The kit's cell parts. */
export const cell = {
  /**
   * A record's picture as a 64 × 36 thumbnail (16:9), its box drawn before the file arrives and the file loaded when
   * its row comes near the screen; an empty box when there is none. Decorative: the row's name says what it is.
   */
  picture: (src: string | null | undefined): CellPart =>
    part(() => (
      <span data-row-picture="" style={pictureBox}>
        {src && <img src={src} alt="" width={64} height={36} loading="lazy" decoding="async" style={pictureFile} />}
      </span>
    )),
  /** A line of text in one of the row's tones (a name over its detail, a note under a badge, a gain or a loss). */
  text: (tone: RowTone, content: string | number): CellPart => part(() => <RowText tone={tone}>{content}</RowText>),
  /**
   * A concept's badge (kit/badges.tsx): one palette and one text per state, everywhere. `text` replaces the state's
   * text when the badge names a thing of its own (an accelerator and its multiplier), in the state's palette still;
   * `title` is shown on hover.
   */
  badge: <C extends BadgeConcept>(
    concept: C,
    state: BadgeState<C>,
    options: { text?: string; title?: string } = {},
  ): CellPart =>
    part((t) => (
      <RowBadge palette={badgePalette(concept, state)} title={options.title}>
        {options.text ?? t(badgeText(concept, state))}
      </RowBadge>
    )),
  /** A button in the row; `look: 'plain'` is a link-like button. */
  button: (label: string, onClick: () => void, look?: 'plain'): CellPart =>
    part(() => (
      <RowButton look={look} onClick={onClick}>
        {label}
      </RowButton>
    )),
  /** A link to another screen, looking like the row's buttons, or (`look: 'text'`) like a link in the text. */
  link: (label: string, to: string, options: { look?: 'text'; ariaLabel?: string } = {}): CellPart =>
    part(() => (
      <RowLink to={to} look={options.look} aria-label={options.ariaLabel}>
        {label}
      </RowLink>
    )),
  /** A link to another site, in a new tab, looking like a link in the text. */
  external: (label: string, href: string, ariaLabel?: string): CellPart =>
    part(() => (
      <a data-row-link="" href={href} target="_blank" rel="noopener noreferrer" aria-label={ariaLabel}>
        {label}
      </a>
    )),
  /**
   * A folded detail: `summary` opens it onto labelled blocks of preformatted text, side by side from 768 px (a change's
   * before and after). Its texts are shown as given. Unlike `disclosure`, the blocks are in the page from the start
   * (the browser's own details element), so that the page's search finds them.
   */
  details: (summary: string, panes: readonly { label: string; text: string }[]): CellPart =>
    part(() => <RowDetails summary={summary} panes={panes} />),
  /** Parts side by side, wrapping (a date and a badge). */
  line: (...parts: Cell[]): CellPart => part((t) => <RowLine>{drawCell(parts, t)}</RowLine>),
  /**
   * A text with a plain button under it that shows or hides more (`show` and `hide` are text keys). `detail` is drawn
   * only once it is asked for, outside the rows' first drawing; it may load data and draw anything. Without `detail`,
   * the text alone.
   */
  disclosure: (content: string, labels: { show: string; hide: string }, detail?: () => ReactNode): CellPart =>
    part((t) =>
      detail ? (
        <Disclosure content={content} show={t(labels.show)} hide={t(labels.hide)} detail={detail} />
      ) : (
        <div style={{ minWidth: 0 }}>
          <p>{content}</p>
        </div>
      ),
    ),
};

function Disclosure({
  content,
  show,
  hide,
  detail,
}: {
  content: string;
  show: string;
  hide: string;
  detail: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ minWidth: 0 }}>
      <p>{content}</p>
      <RowButton look="plain" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {open ? hide : show}
      </RowButton>
      {open && detail()}
    </div>
  );
}

const isPart = (value: object): value is CellPart => PART in value;

/** Draws a cell's content: its text as it is, its parts as the row parts, a list of them side by side. */
export function drawCell(content: Cell, t: Translate): ReactNode {
  if (content === null || content === undefined || content === false) return null;
  if (typeof content === 'string' || typeof content === 'number') return content;
  if (isPart(content)) return content[PART](t);
  return content.map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a cell's parts are fixed in number and order by its column
    <Fragment key={i}>{drawCell(item, t)}</Fragment>
  ));
}
