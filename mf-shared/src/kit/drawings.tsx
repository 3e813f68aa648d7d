import type { SVGProps } from 'react';

/**
 * The field's line drawings: interiors, materials and the programme's papers, drawn on a 120 × 80 grid in the current
 * text colour (so they follow the theme), the main lines solid and the details faint. They illustrate the empty
 * states and the moments that celebrate, never information: they are hidden from screen readers.
 */
const DRAWINGS = {
  /** A room's plan: walls, a door's swing, a sofa and a rug. The default. */
  plan: {
    lines: ['M14 10h92v60H14z', 'M14 46h14', 'M44 46h16V10', 'M28 46a16 16 0 0 1 16-16', 'M72 56h26v8H72z'],
    faint: ['M72 56v-8h26v8', 'M70 22h30v20H70z', 'M22 18h20v16H22z', 'M76 26h22M76 30h22M76 34h22'],
  },
  /** An invoice: a sheet with its folded corner, its lines and its total. */
  invoice: {
    lines: ['M38 8h32l12 12v52H38z', 'M70 8v12h12', 'M46 60h28'],
    faint: ['M46 26h20M46 34h28M46 42h28M46 50h16', 'M20 72h80', 'M88 30h14v22H88z', 'M91 36h8M91 42h8'],
  },
  /** People: two figures side by side, and a card with a name. */
  people: {
    lines: ['M36 30a10 10 0 1 0 20 0 10 10 0 1 0-20 0', 'M26 66a20 20 0 0 1 40 0', 'M62 26a9 9 0 1 1 6 16'],
    faint: ['M68 50a18 18 0 0 1 18 16', 'M78 14h26v18H78z', 'M82 20h12M82 26h18', 'M14 70h92'],
  },
  /** A store: a front with its awning, door and window. */
  store: {
    lines: ['M24 34v36h72V34', 'M20 22h80l-4 12H24z', 'M52 70V48h16v22', 'M32 44h14v12H32z'],
    faint: ['M36 22l-2 12M52 22v12M68 22v12M84 22l2 12', 'M76 44h12v12H76z', 'M10 70h100', 'M64 60h1'],
  },
  /** An experience: a ticket with its tear line and a star. */
  experience: {
    lines: ['M18 24h84v10a6 6 0 0 0 0 12v10H18V46a6 6 0 0 0 0-12z', 'M76 24v32'],
    faint: ['M76 28v2M76 36v2M76 44v2M76 52v2', 'M28 34h36M28 42h28', 'M89 33l2 5h5l-4 3 2 5-5-3-5 3 2-5-4-3h5z'],
  },
  /** Products: material swatches fanned out, a marble's veins and a board's grain. */
  product: {
    lines: ['M22 22h34v44H22z', 'M50 16l30 6-8 42-30-6', 'M76 20h24v46H76z'],
    faint: ['M26 34c8-2 12 6 26 2M28 50c6 4 14-6 24 0', 'M80 28c6 6 4 12 16 14M80 48c8 0 10 8 16 10', 'M16 72h90'],
  },
  /** A search that found nothing: a magnifier over tiles. */
  search: {
    lines: ['M42 36a18 18 0 1 0 36 0 18 18 0 1 0-36 0', 'M73 49l18 18'],
    faint: ['M18 58h24v14H18zM42 58h24v14H42zM86 14h18v14H86z', 'M52 36h16', 'M14 72h92'],
  },
  /** Points: a rising line over columns, and a coin. */
  points: {
    lines: ['M22 66V50h12v16M46 66V40h12v26M70 66V30h12v36', 'M20 40l24-12 24 4 28-18', 'M90 14h6v6'],
    faint: ['M14 66h92', 'M90 42a8 8 0 1 0 16 0 8 8 0 1 0-16 0', 'M98 38v8'],
  },
  /** Notices: a bell with its dot. */
  bell: {
    lines: ['M44 54V38a16 16 0 0 1 32 0v16l6 6H38z', 'M54 64a6 6 0 0 0 12 0'],
    faint: ['M78 18a6 6 0 1 0 12 0 6 6 0 1 0-12 0', 'M30 30c-4 6-4 14 0 20M90 30c4 6 4 14 0 20', 'M20 72h80'],
  },
  /** A level reached: an emblem on its ribbon, with rays. */
  level: {
    lines: ['M44 30a16 16 0 1 0 32 0 16 16 0 1 0-32 0', 'M50 44l-6 26 16-8 16 8-6-26'],
    faint: ['M52 30l6 6 10-12', 'M60 4v4M34 14l3 3M86 14l-3 3M28 32h4M88 32h4', 'M20 74h80'],
  },
  /** Approved: a sheet with a check mark. */
  approved: {
    lines: ['M36 8h34l12 12v52H36z', 'M70 8v12h12', 'M48 44l8 8 16-18'],
    faint: ['M44 24h20', 'M44 62h30', 'M18 72h84', 'M92 24l4-4M96 32h6M92 40l4 4'],
  },
} as const;

export type Drawing = keyof typeof DRAWINGS;

export interface FieldDrawingProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  drawing?: Drawing;
  /** Width in pixels; the height keeps the 3:2 grid. */
  width?: number;
}

/** One of the field's line drawings (see DRAWINGS), in the current colour. */
export function FieldDrawing({ drawing = 'plan', width = 120, ...rest }: FieldDrawingProps) {
  const { lines, faint } = DRAWINGS[drawing];
  return (
    <svg
      width={width}
      height={(width * 2) / 3}
      viewBox="0 0 120 80"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-drawing={drawing}
      {...rest}
    >
      {lines.map((d) => (
        <path key={d} d={d} />
      ))}
      <g opacity={0.45}>
        {faint.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
