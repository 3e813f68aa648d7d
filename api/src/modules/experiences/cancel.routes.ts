import {
  cancelExperienceBodySchema,
  cancelledCountSchema,
  cancelMessages,
  cancelSubscriptionBodySchema,
  experienceMessages,
} from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import { experienceSubscriptions, experiences } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { issuerOf } from '../ledger/service';
import { cancelSubscriptionsOf } from './service';

const because = (reason: string | undefined) => (reason ? ` Motivo: ${reason}` : '');

// An admin's cancellations: one person's subscription, or the whole experience. Both refund what was paid.
export async function experienceCancelRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.post(
    '/cms/experiences/cancel-subscription',
    { config: admin, schema: { body: cancelSubscriptionBodySchema, response: { 200: cancelledCountSchema } } },
    async (request) => {
      const { id, reason } = request.body;
      const principal = principalOf(request);
      await db.transaction(async (tx) => {
        const [subscription] = await tx
          .select()
          .from(experienceSubscriptions)
          .where(eq(experienceSubscriptions.id, id))
          .for('update');
        if (!subscription) throw fail.notFound(cancelMessages.subscriptionNotFound);
        if (subscription.status !== 'subscribed') throw fail.conflict(cancelMessages.notSubscribed, 'not-subscribed');
        const [experience] = await tx
          .select()
          .from(experiences)
          .where(eq(experiences.id, subscription.experienceId))
          .for('update');
        if (!experience) throw fail.notFound(experienceMessages.notFound);
        await cancelSubscriptionsOf(
          tx,
          experience,
          eq(experienceSubscriptions.id, id),
          issuerOf(principal),
          {
            title: 'Inscrição cancelada',
            message: `Sua inscrição em ${experience.name} foi cancelada pela administração e os pontos foram devolvidos.${because(reason)}`,
          },
          deps.now(),
        );
        await audit(tx, principal, {
          action: 'cancel-subscription',
          entity: 'experience-subscription',
          entityId: id,
          before: { status: 'subscribed' },
          after: { status: 'cancelled', refunded: subscription.cost, reason: reason ?? null },
        });
      });
      return { msg: cancelMessages.subscription, cancelled: 1 };
    },
  );

  app.post(
    '/cms/experiences/cancel',
    { config: admin, schema: { body: cancelExperienceBodySchema, response: { 200: cancelledCountSchema } } },
    async (request) => {
      const { id, reason } = request.body;
      const principal = principalOf(request);
      const cancelled = await db.transaction(async (tx) => {
        const [experience] = await tx.select().from(experiences).where(eq(experiences.id, id)).for('update');
        if (!experience) throw fail.notFound(experienceMessages.notFound);
        // Switched off first: nobody can subscribe while the subscribers are being refunded.
        await tx.update(experiences).set({ active: false, updatedAt: new Date() }).where(eq(experiences.id, id));
        const count = await cancelSubscriptionsOf(
          tx,
          experience,
          undefined,
          issuerOf(principal),
          {
            title: 'Experiência cancelada',
            message: `A experiência ${experience.name} foi cancelada. Sua inscrição foi cancelada e os pontos foram devolvidos.${because(reason)}`,
          },
          deps.now(),
        );
        await audit(tx, principal, {
          action: 'cancel',
          entity: 'experience',
          entityId: id,
          before: { active: experience.active, seatsTaken: experience.seatsTaken },
          after: { active: false, cancelledSubscriptions: count, reason: reason ?? null },
        });
        return count;
      });
      return { msg: cancelMessages.experience.replace('{{count}}', String(cancelled)), cancelled };
    },
  );
}
