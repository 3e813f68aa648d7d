import {
  cancelExperienceBodySchema,
  cancelledCountSchema,
  cancelMessages,
  cancelSubscriptionBodySchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { cancelExperience, cancelOneSubscription } from './service';

// An admin's cancellations: one person's subscription, or the whole experience. Both refund what was paid.
export async function experienceCancelRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.post(
    '/cms/experiences/cancel-subscription',
    { config: admin, schema: { body: cancelSubscriptionBodySchema, response: { 200: cancelledCountSchema } } },
    async (request) => {
      const { id, reason } = request.body;
      await cancelOneSubscription(db, principalOf(request), id, reason, deps.now());
      return { msg: cancelMessages.subscription, cancelled: 1 };
    },
  );

  app.post(
    '/cms/experiences/cancel',
    { config: admin, schema: { body: cancelExperienceBodySchema, response: { 200: cancelledCountSchema } } },
    async (request) => {
      const { id, reason } = request.body;
      const cancelled = await cancelExperience(db, principalOf(request), id, reason, deps.now());
      return { msg: cancelMessages.experience.replace('{{count}}', String(cancelled)), cancelled };
    },
  );
}
