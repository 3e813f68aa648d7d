import {
  extraPointMessages,
  idParamsSchema,
  participantCampaignSchema,
  subscribedAnswerSchema,
  takeCampaignBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { extraPointGrants, professionals } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { issuerOf, participantOf } from '../ledger/service';
import { findCampaign, grant, refuseClosed, sameSecret } from './service';

// The participant's side of a campaign: the page its QR code opens, and taking it (once).
export async function extraPointParticipantRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

  app.get(
    '/professionals/points-extra/:id',
    { config: participants, schema: { params: idParamsSchema, response: { 200: participantCampaignSchema } } },
    async (request) => {
      const me = participantOf(principalOf(request));
      const campaign = await findCampaign(db, request.params.id);
      // A campaign of the other audience, or switched off, is not there for this participant.
      if (campaign.audience !== me.kind || !campaign.active) throw fail.notFound(extraPointMessages.notFound);
      const now = deps.now();
      const subscribed = await db.$count(
        extraPointGrants,
        and(
          eq(extraPointGrants.campaignId, campaign.id),
          eq(extraPointGrants.participantKind, me.kind),
          eq(extraPointGrants.participantId, me.id),
        ),
      );
      return {
        id: campaign.id,
        name: campaign.name,
        description: campaign.description,
        points: fromHundredths(campaign.amount),
        startsAt: campaign.startsAt.toISOString(),
        endsAt: campaign.endsAt.toISOString(),
        open: now >= campaign.startsAt && now < campaign.endsAt,
        subscribed: subscribed > 0,
      };
    },
  );

  app.post(
    '/professionals/points-extra/subscribed',
    { config: participants, schema: { body: takeCampaignBodySchema, response: { 200: subscribedAnswerSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const me = participantOf(principal);
      const added = await db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, request.body.id);
        if (campaign.audience !== me.kind) throw fail.notFound(extraPointMessages.notFound);
        if (!sameSecret(campaign.qrCode, request.body.code)) {
          throw fail.notFound(extraPointMessages.badCode, 'campaign-code');
        }
        refuseClosed(campaign, deps.now(), me.kind);
        const who =
          me.kind === 'professional'
            ? sql`select 'professional'::participant_kind as participant_kind, p.id as participant_id,
                    null::uuid as store_id from ${professionals} p where p.id = ${me.id} and p.behaviour <> 'blocked'`
            : sql`select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
                  from store_users u where u.id = ${me.id}`;
        const count = await grant(tx, campaign, who, 'qrcode', issuerOf(principal));
        if (count === 0) throw fail.conflict(extraPointMessages.alreadyTaken, 'campaign-taken');
        return campaign.amount;
      });
      return { msg: 'Pontos extras creditados!', points: fromHundredths(added) };
    },
  );
}
