import { api, type Result, session } from '@especifica/mf-shared';
import type { ParticipantExperience } from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

// Under `participant`: a subscription moves the balance, so the header, dashboard and extract follow it.
export const experienceKeys = {
  all: [...queryKeys.participant, 'experiences'] as const,
  catalogue: (categoryId?: string) => [...queryKeys.participant, 'experiences', 'catalogue', categoryId ?? ''] as const,
  mine: [...queryKeys.participant, 'experiences', 'mine'] as const,
  one: (id: string) => [...queryKeys.participant, 'experiences', 'one', id] as const,
  categories: [...queryKeys.participant, 'experiences', 'categories'] as const,
};

export interface CategoryOption {
  id: string;
  name: string;
}

/** The upcoming experiences the person may see (the API lists only those still to happen), 100 at most. */
export const getCatalogue = (categoryId?: string): Promise<Result<Page<ParticipantExperience>>> =>
  api.get('/professionals/experiences/get-all', { limit: 100, page: 1, sort: 'happensAt', categoryId });

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

/** `2026-03` of a date, in São Paulo. */
export const monthOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' })
    .format(new Date(iso))
    .slice(0, 7);
