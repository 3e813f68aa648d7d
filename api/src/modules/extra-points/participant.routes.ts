import {
  extraPointMessages,
  idParamsSchema,
  openCampaignsSchema,
  participantCampaignSchema,
  subscribedAnswerSchema,
  takeCampaignBodySchema,
} from '@especifica/mf-shared/contracts';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { participantOf } from '../ledger';
import { hasTaken, openCampaignsFor } from './queries';
import { findCampaign, takeCampaign } from './service';

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
      const { rows, total } = await openCampaignsFor(db, me, deps.now(), OPEN_SHOWN);
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
      const subscribed = await hasTaken(db, me, campaign.id);
      return {
        id: campaign.id,
        name: campaign.name,
        description: campaign.description,
        points: fromHundredths(campaign.amount),
        startsAt: campaign.startsAt.toISOString(),
        endsAt: campaign.endsAt.toISOString(),
        open: now >= campaign.startsAt && now < campaign.endsAt,
        subscribed,
      };
    },
  );

  app.post(
    '/professionals/points-extra/subscribed',
    { config: participants, schema: { body: takeCampaignBodySchema, response: { 200: subscribedAnswerSchema } } },
    async (request) => {
      const added = await takeCampaign(
        db,
        deps.jobs,
        principalOf(request),
        request.body.id,
        request.body.code,
        deps.now(),
      );
      return { msg: 'Pontos extras creditados!', points: fromHundredths(added) };
    },
  );
}
