import { useId } from 'react';
import { palette } from '../ui/tokens';

/**
 * The material of a level's emblem. It is keyed by the level's rank (its place among the programme's levels by
 * threshold, 0 for the entry level), never by its name, so an admin's renamed level keeps its emblem: bronze, silver,
 * gold and diamond for the four levels of the demo, and obsidian (a dark stone cut as the diamond, ringed in brass) for
 * any level above those.
 */
export const EMBLEM_MATERIALS = ['bronze', 'silver', 'gold', 'diamond', 'obsidian'] as const;
export type EmblemMaterial = (typeof EMBLEM_MATERIALS)[number];

export const emblemMaterial = (rank: number): EmblemMaterial => {
  if (!Number.isFinite(rank) || rank < 0) return 'bronze';
  return EMBLEM_MATERIALS[Math.min(Math.floor(rank), EMBLEM_MATERIALS.length - 1)] ?? 'bronze';
};

interface Treatment {
  /** The gradient's lit side, its middle and its shaded side. */
  light: string;
  mid: string;
  deep: string;
  /** The rim, the ring and the marks. */
  edge: string;
  /** A medal (round) or a cut stone. */
  cut: 'medal' | 'gem';
  /** A medal's inner ring; a gem's outer ring. */
  ring: boolean;
  /** A medal's star. */
  star: boolean;
}

const treat = (
  cut: Treatment['cut'],
  [light, mid, deep, edge]: string[],
  { ring = false, star = false } = {},
): Treatment => ({ light: light ?? '', mid: mid ?? '', deep: deep ?? '', edge: edge ?? '', cut, ring, star });

const { brass, informative, neutral, stone, terracotta, wood } = palette;

/** Each material from the palette's families (lit side, middle, shaded side, rim), so emblem and page are one system. */
const treatments: Record<EmblemMaterial, Treatment> = {
  bronze: treat('medal', [terracotta['200'], wood['400'], wood['700'], wood['800']]),
  silver: treat('medal', [neutral['25'], neutral['200'], neutral['400'], neutral['600']], { ring: true }),
  gold: treat('medal', [brass['100'], brass['300'], brass['500'], brass['700']], { ring: true, star: true }),
  diamond: treat('gem', [informative['50'], informative['200'], informative['400'], informative['700']]),
  obsidian: treat('gem', [stone['500'], stone['700'], stone['900'], brass['400']], { ring: true }),
};

const STAR =
  'M16 10L17.53 13.9L21.71 14.15L18.47 16.8L19.53 20.85L16 18.6L12.47 20.85L13.53 16.8L10.29 14.15L14.47 13.9Z';
/** A brilliant seen from the side: the table, the crown's facets and the pavilion down to the point. */
const GEM = 'M9.5 5h13l6.5 7.5L16 28 3 12.5z';
const GEM_FACETS = 'M3 12.5h26M9.5 5l3.5 7.5L16 5l3 7.5L22.5 5M13 12.5 16 28l3-15.5';

export interface LevelEmblemProps {
  /** The level's place among the programme's levels by threshold, 0 for the entry level. */
  rank: number;
  /**
   * The level's name, as the emblem's accessible name. Without it the emblem is decoration, hidden from assistive
   * technology: give it only where the name is not written beside the emblem.
   */
  label?: string;
  /** Its width and height: 16-20 px beside a text (the header's badge), 64-96 px as a page's figure. */
  size?: number | string;
}

/**
 * A level's emblem, drawn inline (no request, crisp at any size): a medal of bronze, silver (ringed) or gold (ringed,
 * with a star), a cut diamond, or an obsidian stone ringed in brass above the fourth level. Shapes and marks differ as
 * well as materials, so the emblems are told apart without their colours.
 */
export function LevelEmblem({ rank, label, size = 20 }: LevelEmblemProps) {
  const id = useId();
  const material = emblemMaterial(rank);
  const look = treatments[material];
  const fill = `${id}-fill`;
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      focusable="false"
      data-material={material}
      style={{ flexShrink: 0, display: 'inline-block', verticalAlign: 'middle' }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
    >
      {label && <title>{label}</title>}
      <defs>
        <linearGradient id={fill} x1="0.15" y1="0" x2="0.85" y2="1">
          <stop offset="0" stopColor={look.light} />
          <stop offset="0.5" stopColor={look.mid} />
          <stop offset="1" stopColor={look.deep} />
        </linearGradient>
      </defs>
      {look.cut === 'medal' ? (
        <>
          <circle cx="16" cy="16" r="14.25" fill={`url(#${fill})`} stroke={look.edge} strokeWidth="1.5" />
          {look.ring && <circle cx="16" cy="16" r="9.75" fill="none" stroke={look.edge} strokeWidth="1.25" />}
          {look.star && <path d={STAR} fill={look.edge} />}
          <path d="M7.5 11.5A10 10 0 0 1 15 6" fill="none" stroke="white" strokeOpacity="0.7" strokeWidth="1.5" />
        </>
      ) : (
        <>
          {look.ring && <circle cx="16" cy="16" r="15" fill={look.deep} stroke={look.edge} strokeWidth="1.25" />}
          <path d={GEM} fill={`url(#${fill})`} stroke={look.edge} strokeWidth="1.25" strokeLinejoin="round" />
          <path d={GEM_FACETS} fill="none" stroke={look.edge} strokeWidth="0.9" strokeLinejoin="round" />
          <path d="M11 7.5h4" stroke="white" strokeOpacity="0.8" strokeWidth="1.25" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
