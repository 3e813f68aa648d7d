/**
 * The cron expression (UTC) that runs a job about every `minutes`: each N minutes within the hour below an hour,
 * each N hours (rounded) below a day, and once a day at 03:00 UTC (midnight in Brasília) from a day on. Null for 0:
 * not scheduled at all.
 */
export function cronEvery(minutes: number): string | null {
  if (minutes <= 0) return null;
  if (minutes < 60) return `*/${minutes} * * * *`;
  if (minutes < 1440) return `0 */${Math.round(minutes / 60)} * * *`;
  return '0 3 * * *';
}
