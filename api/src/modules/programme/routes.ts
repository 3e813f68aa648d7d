import { participantSettingsSchema, regulationSchema, scoreSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { participantOf } from '../ledger';
import { participantRegulation, participantSettings, scoreOf } from './queries';

const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

/** What the participant area reads of the programme: the regulation, the rules of earning and the cycle's points. */
export async function readingRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/professionals/regulation',
    { config: participants, schema: { response: { 200: regulationSchema } } },
    (request) => participantRegulation(db, principalOf(request)),
  );

  app.get(
    '/professionals/settings',
    { config: participants, schema: { response: { 200: participantSettingsSchema } } },
    () => participantSettings(db),
  );

  app.get('/professionals/score', { config: participants, schema: { response: { 200: scoreSchema } } }, (request) =>
    scoreOf(db, participantOf(principalOf(request)), deps.now()),
  );
}
