import {
  extraPointMessages,
  idParamsSchema,
  openCampaignsSchema,
  participantCampaignSchema,
  subscribedAnswerSchema,
  takeCampaignBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, asc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { extraPointCampaigns, extraPointGrants, professionals } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { issuerOf, participantOf } from '../ledger/service';
import { findCampaign, grant, refuseClosed, sameSecret } from './service';

/** How many open campaigns the dashboard lists. */
const OPEN_SHOWN = 5;

// The participant's side of a campaign: the page its QR code opens, and taking it (once).
export async function extraPointParticipantRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

  // The dashboard's "campaigns open to join": active, running now, of the caller's audience and not taken yet. They
  // are taken through the campaign's QR code, whose secret never leaves the CMS.
  app.get(
    '/professionals/points-extra/open',
    { config: participants, schema: { response: { 200: openCampaignsSchema } } },
    async (request) => {
      const me = participantOf(principalOf(request));
      const now = deps.now();
      const open = and(
        eq(extraPointCampaigns.audience, me.kind),
        eq(extraPointCampaigns.active, true),
        lte(extraPointCampaigns.startsAt, now),
        gt(extraPointCampaigns.endsAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(extraPointGrants)
            .where(
              and(
                eq(extraPointGrants.campaignId, extraPointCampaigns.id),
                eq(extraPointGrants.participantKind, me.kind),
                eq(extraPointGrants.participantId, me.id),
              ),
            ),
        ),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            id: extraPointCampaigns.id,
            name: extraPointCampaigns.name,
            amount: extraPointCampaigns.amount,
            endsAt: extraPointCampaigns.endsAt,
          })
          .from(extraPointCampaigns)
          .where(open)
          .orderBy(asc(extraPointCampaigns.endsAt), asc(extraPointCampaigns.name))
          .limit(OPEN_SHOWN),
        db.$count(extraPointCampaigns, open),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          points: fromHundredths(row.amount),
          endsAt: row.endsAt.toISOString(),
        })),
        total,
      };
    },
  );

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
