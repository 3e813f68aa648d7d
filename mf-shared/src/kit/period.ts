import { formatDate } from './format';

// A period of whole days in São Paulo, which keeps UTC-3 all year (no summer time since 2019): the API stores its
// first instant and the instant after its last day.
const OFFSET = '-03:00';
const DAY = 86_400_000;
const saoPauloDay = (instant: number) => new Date(instant - 3 * 3_600_000).toISOString().slice(0, 10);

export interface DayPeriod {
  /** YYYY-MM-DD, as the date fields hold it. */
  startsOn: string;
  endsOn: string;
}

/** The days typed (both inclusive) as the instants the API takes. */
export const periodOfDays = ({ startsOn, endsOn }: DayPeriod) => ({
  startsAt: `${startsOn}T00:00:00${OFFSET}`,
  endsAt: new Date(new Date(`${endsOn}T00:00:00${OFFSET}`).getTime() + DAY).toISOString(),
});

/** The instants of the API as the days a form shows. */
export const daysOfPeriod = (startsAt: string, endsAt: string): DayPeriod => ({
  startsOn: saoPauloDay(new Date(startsAt).getTime()),
  endsOn: saoPauloDay(new Date(endsAt).getTime() - 1),
});

/** The last day of a period, DD/MM/YYYY: its end is the first instant of the day after. */
export const formatLastDay = (endsAt: string) => formatDate(new Date(new Date(endsAt).getTime() - 1));
