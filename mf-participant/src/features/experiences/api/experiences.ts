import { api, type Result, session } from '@especifica/mf-shared';
import type { ParticipantExperience } from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

// Under `participant`: a subscription moves the balance, so the header, dashboard and extract follow it.
export const experienceKeys = {
  all: [...queryKeys.participant, 'experiences'] as const,
  catalogue: (categoryId?: string, month?: string) =>
    [...queryKeys.participant, 'experiences', 'catalogue', categoryId ?? '', month ?? ''] as const,
  mine: [...queryKeys.participant, 'experiences', 'mine'] as const,
  one: (id: string) => [...queryKeys.participant, 'experiences', 'one', id] as const,
  categories: [...queryKeys.participant, 'experiences', 'categories'] as const,
};

export interface CategoryOption {
  id: string;
  name: string;
}

/**
 * The upcoming experiences the person may see (the API lists only those still to happen), 100 at most; the API
 * filters the category and the month (`2026-03`, in São Paulo).
 */
export const getCatalogue = (categoryId?: string, month?: string): Promise<Result<Page<ParticipantExperience>>> =>
  api.get('/professionals/experiences/get-all', { limit: 100, page: 1, sort: 'happensAt', categoryId, month });

export const getMine = (): Promise<Result<Page<ParticipantExperience>>> =>
  api.get('/professionals/experiences/get-all', { limit: 100, page: 1, sort: 'happensAt', subscribed: true });

export const getExperience = (id: string): Promise<Result<ParticipantExperience>> =>
  api.get(`/professionals/experiences/get-one/${id}`);

export const getCategories = (): Promise<Result<Page<CategoryOption>>> =>
  api.get('/professionals/experiences/get-all-categories', { limit: 100, page: 1, sort: 'name' });

interface Answer {
  msg: string;
  item: ParticipantExperience;
}
export const subscribe = (experience: ParticipantExperience) =>
  api.post<Answer>('/professionals/experiences/subscribe', { experienceId: experience.id });
export const cancel = (experience: ParticipantExperience) =>
  api.post<Answer>('/professionals/experiences/cancel', { experienceId: experience.id });

export const confirmAttendance = (experienceId: string, code: string, shopkeeper: boolean) =>
  api.post<{ msg: string; points: number }>(`/professionals/experiences/subscribe-qrcode/${experienceId}/${code}`, {
    shopkeeper,
  });

/** The header's badge moves at once (the refetch of the standing then confirms it). */
export function moveBalance(delta: number): void {
  const score = session.value.score;
  if (score) session.setScore({ ...score, points: Math.round((score.points + delta) * 100) / 100 });
}

/** What stands between the person and a seat, in the order it is worth telling. */
export type Availability = 'subscribed' | 'level' | 'soldOut' | 'balance' | 'open';
export function availabilityOf(experience: ParticipantExperience, balance: number | null): Availability {
  if (experience.subscribed) return 'subscribed';
  if (!experience.eligible) return 'level';
  if (experience.seatsLeft <= 0) return 'soldOut';
  if (balance !== null && experience.points > balance) return 'balance';
  return 'open';
}

/** The month filter's choices: this month and the eleven after it, in São Paulo (`2026-03`), and `kept` if other. */
export function upcomingMonths(now: Date, kept?: string): string[] {
  const [year, month] = monthOf(now.toISOString()).split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return kept && /^\d{4}-\d{2}$/.test(kept) && !months.includes(kept) ? [...months, kept].sort() : months;
}

/** `2026-03` of a date, in São Paulo. */
export const monthOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' })
    .format(new Date(iso))
    .slice(0, 7);
