import { api, type Result } from '@especifica/mf-shared';
import type {
  Accelerator,
  ParticipantSettings,
  ParticipantStanding,
  Regulation,
  Score,
} from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

// What several participant screens read of the programme: its rules, the person's standing, the accelerators.
export const programmeKeys = {
  settings: ['programme', 'settings'] as const,
  regulation: ['programme', 'regulation'] as const,
  accelerators: ['programme', 'accelerators'] as const,
  // The standing and the score move with the participant's points.
  standing: [...queryKeys.participant, 'level'] as const,
  score: [...queryKeys.participant, 'score'] as const,
};

export const getSettings = (): Promise<Result<ParticipantSettings>> => api.get('/professionals/settings');

export const getStanding = (): Promise<Result<ParticipantStanding>> => api.get('/professionals/dashboard/get-level');

export const getRegulation = (): Promise<Result<Regulation>> => api.get('/professionals/regulation');

export const getScore = (): Promise<Result<Score>> => api.get('/professionals/score');

/** The accelerators running now and those to come (the API answers those not yet ended), soonest first. */
export const getAccelerators = (): Promise<Result<Page<Accelerator>>> =>
  api.get('/professionals/dashboard/get-all-accelerators', { limit: 100, page: 1, sort: 'startsAt' });

export const isRunning = (accelerator: Accelerator, now = Date.now()) =>
  new Date(accelerator.startsAt).getTime() <= now && new Date(accelerator.endsAt).getTime() > now;
