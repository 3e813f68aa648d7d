// What a screen draws of a participant's level without zod (the dashboard and /categories).

/**
 * The progress bar's value to the next level: the whole percent the API computes once, from the points earned in the
 * cycle between the level's threshold and the next one's (api domain levelFor). Without it (an older API), 100 at
 * the top and 0 otherwise, rather than a figure of the screen's own.
 */
export const levelProgress = (level: { progress?: number | undefined; pointsToNextLevel: number | null }): number =>
  level.progress ?? (level.pointsToNextLevel === null ? 100 : 0);
