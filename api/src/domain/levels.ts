/** A level as the programme configures it; thresholds in hundredths of points. */
export interface LevelRule {
  name: string;
  threshold: number;
  sublevels: number;
}

/** A level as the programme's table holds it. */
export type LevelRow = LevelRule & { id: string; benefits: string };

export interface PointsSummary {
  /** Hundredths: the sum of every entry. */
  balance: number;
  /** Hundredths earned in the cycle `cycleYear` (a trigger keeps it); redemptions and expiries do not lower it. */
  earned: number;
}

/** What every signed-in page shows of a participant: balance, points earned in the cycle and the level table. */
export type Standing = PointsSummary & { rules: LevelRow[]; cycleYear: number };

export interface LevelStanding {
  name: string;
  /**
   * The level's place among the programme's levels by threshold, 0 for the entry level: what its emblem's material is
   * keyed by, so a renamed level keeps its emblem.
   */
  rank: number;
  /** 1-based step inside the level. */
  sublevel: number;
  nextLevel: string | null;
  /** Hundredths still to earn in this cycle to reach the next level; null at the top. */
  toNextLevel: number | null;
  /**
   * How far along the way from this level's threshold to the next one's, in whole percent (rounded down, so 100 only
   * once there); 100 at the top. The one figure every screen's progress bar shows.
   */
  progress: number;
}

/**
 * Where `earned` (hundredths earned in the current cycle, never the balance) places a participant.
 * Sublevels are equal steps between a level's threshold and the next one's; the top level has no ceiling to
 * divide, so it is a single step. Below the first threshold a participant is still on the entry level.
 * Null when no level is configured.
 */
export function levelFor(rules: readonly LevelRule[], earned: number): LevelStanding | null {
  const ordered = [...rules].sort((a, b) => a.threshold - b.threshold);
  const first = ordered[0];
  if (!first) return null;
  let index = 0;
  for (let i = 1; i < ordered.length; i++) {
    if (earned >= (ordered[i]?.threshold ?? Number.POSITIVE_INFINITY)) index = i;
  }
  const current = ordered[index] ?? first;
  const next = ordered[index + 1];
  if (!next) return { name: current.name, rank: index, sublevel: 1, nextLevel: null, toNextLevel: null, progress: 100 };

  const span = next.threshold - current.threshold;
  const steps = Math.max(1, Math.floor(current.sublevels));
  const into = Math.max(0, earned - current.threshold);
  // Integer arithmetic: a step of 10.000,00 / 3 is not a whole number of hundredths.
  const sublevel = Math.min(steps, Math.floor((into * steps) / span) + 1);
  return {
    name: current.name,
    rank: index,
    sublevel,
    nextLevel: next.name,
    toNextLevel: next.threshold - Math.max(earned, 0),
    progress: Math.min(99, Math.floor((into * 100) / span)),
  };
}

/** The place of the level named `name` among `rules` by threshold (0 for the entry level); null for no such level. */
export function rankOf(rules: readonly LevelRule[], name: string): number | null {
  const level = rules.find((rule) => rule.name === name);
  return level ? rules.filter((rule) => rule.threshold < level.threshold).length : null;
}

/** São Paulo's offset: Brazil has kept UTC-3 all year since 2019, as the database's programme_cycle_year() says. */
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/** The year that names the current cycle (the calendar year in São Paulo). Read on every page: no Intl here. */
export function cycleYear(now: Date): number {
  return new Date(now.getTime() - SAO_PAULO_OFFSET_MS).getUTCFullYear();
}

/** The start of the current cycle: 1 January, 00:00 in São Paulo, of the year `now` falls in there. */
export function cycleStart(now: Date): Date {
  return new Date(Date.UTC(cycleYear(now), 0, 1) + SAO_PAULO_OFFSET_MS);
}
