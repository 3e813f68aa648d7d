import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { extraPointMessages, formatCnpj, formatCpf, stripCnpj, stripCpf } from '@especifica/mf-shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affectedRows, rowsOf } from '../../db/rows';
import { extraPointCampaigns, extraPointGrants, extraPointStores, professionals, stores } from '../../db/schema';
import { countPhrase, toHundredths } from '../../domain/points';
import type { JobQueue } from '../../jobs';
import { audit, insertAudited, switchActive, updateAudited } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { issuerOf, participantOf } from '../ledger';
import { earnsNothing, refuseEarningNothing } from '../professions';
import { deferringRankings, RANKINGS_REFRESH_JOB } from '../rankings';

// Campaign grants are set-based: giving a campaign to 100,000 professionals is one statement that inserts the
// grants and their ledger entries together (data-modifying CTEs), not a loop of requests. Their bell notices and the
// rankings follow a moment later, written by jobs sent in the same transaction (writeGrantNotices, deferringRankings).

export type Campaign = typeof extraPointCampaigns.$inferSelect;

export async function findCampaign(db: Db, id: string): Promise<Campaign> {
  const [campaign] = await db.select().from(extraPointCampaigns).where(eq(extraPointCampaigns.id, id));
  if (!campaign) throw fail.notFound('Campanha de pontos extras não encontrada.');
  return campaign;
}

/** A campaign gives points only while active and inside its period (domain: extra points). */
export function refuseClosed(campaign: Campaign, now: Date, audience: Campaign['audience']) {
  if (campaign.audience !== audience) {
    throw fail.invalid(
      audience === 'professional'
        ? 'Esta campanha é para lojistas: conceda-a a lojas.'
        : 'Esta campanha é para profissionais: conceda-a a profissionais.',
      'campaign-audience',
    );
  }
  if (!campaign.active || now < campaign.startsAt || now >= campaign.endsAt) {
    throw fail.invalid('Esta campanha não está ativa no período de hoje.', 'campaign-closed');
  }
}

/** The secret of a campaign's QR code: 24 random characters, so that knowing a campaign's id takes nothing. */
export const newQrCode = () => randomBytes(18).toString('base64url');

/** Compares a scanned code with the campaign's in constant time (hashes: equal lengths whatever was typed). */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const reasonOf = (campaign: Campaign) => `Pontos extras: ${campaign.name}`;

/** The answer to a grant: "Pontos extras concedidos a 1 profissional.", "… a 100.000 profissionais.". */
export const grantedTo = (professionals: number) =>
  `Pontos extras concedidos a ${countPhrase(professionals, ['profissional', 'profissionais'], true)}.`;

/** The answer to a store's grant: "… a 1 lojista da loja.", "… a 3 lojistas da loja.". */
export const grantedToStore = (shopkeepers: number) =>
  `Pontos extras concedidos a ${countPhrase(shopkeepers, ['lojista', 'lojistas'], true)} da loja.`;

function notice(campaign: Campaign) {
  return {
    title: 'Pontos extras creditados',
    message: `Você ganhou ${countPhrase(campaign.amount, ['ponto extra', 'pontos extras'])} da campanha ${campaign.name}.`,
    data: JSON.stringify({ campaignId: campaign.id, points: campaign.amount / 100 }),
  };
}

/** The job that writes the bell notices of one grant call, after it commits. */
export const GRANT_NOTICES_JOB = 'extra-points.notices';

export interface GrantNotices {
  campaignId: string;
  batch: string;
}

/**
 * Where a grant's notices and rankings go: `jobs`, jobs sent in the grant's transaction (the workers write the notices
 * and copy the totals into the rankings once it commits); absent, both are written at once, in the same transaction
 * (the demo programme, seeded before any worker runs).
 */
export type GrantJobs = Pick<JobQueue, 'send'> | undefined;

/**
 * Grants the campaign to the given participants (`who` selects participant_kind, participant_id and store_id);
 * those who already had it, ever, are skipped. Returns how many got it now.
 */
export async function grant(
  tx: Db,
  campaign: Campaign,
  who: ReturnType<typeof sql>,
  via: 'admin' | 'store' | 'qrcode',
  issuer: string,
  jobs: GrantJobs,
  /** Dates the credits (see postEntries): the demo programme's grants; unset, they are dated when written. */
  datedAt?: Date,
): Promise<number> {
  const statement = () =>
    tx.execute(sql`
    with batch as (select uuid_v7() as id),
    candidates as (${who}),
    granted as (
      insert into extra_point_grants (campaign_id, participant_kind, participant_id, store_id, via, granted_by,
                                      notice_batch)
      select ${campaign.id}, c.participant_kind, c.participant_id, c.store_id, ${via}, ${issuer}, (select id from batch)
      from candidates c
      order by c.participant_kind, c.participant_id
      on conflict (campaign_id, participant_kind, participant_id) do nothing
      returning participant_kind, participant_id
    ),
    credited as (
      -- A participant is granted a campaign once ever (extra_point_grants_once), so the credit cannot exist already: no
      -- "on conflict" here, which probed both unique indexes of the ledger for every row before inserting it.
      insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason,
                                  created_at)
      select g.participant_kind, g.participant_id, ${campaign.amount}, 'extra', 'extra-point', ${campaign.id},
             ${issuer}, ${reasonOf(campaign)}, coalesce(${datedAt?.toISOString() ?? null}::timestamptz, now())
      from granted g
    )
    -- The credits are one per grant (a data-modifying CTE runs whether or not it is read).
    select count(*)::int as granted, (select id from batch)::text as batch from granted`);
  const result = jobs ? await deferringRankings(tx, jobs, statement) : await statement();
  const [row] = rowsOf<{ granted: number; batch: string }>(result);
  const granted = Number(row?.granted ?? 0);
  if (granted > 0 && row) {
    const job: GrantNotices = { campaignId: campaign.id, batch: row.batch };
    if (jobs) await jobs.send(GRANT_NOTICES_JOB, job, tx);
    else await writeGrantNotices(tx, job);
  }
  return granted;
}

/**
 * Writes the bell notices of one grant call (its batch): one per grant still standing, in the participants' order,
 * and the batch's mark in the same statement, so that a second run of the job writes none. Returns how many.
 */
export async function writeGrantNotices(tx: Db, { campaignId, batch }: GrantNotices): Promise<number> {
  const campaign = await findCampaign(tx, campaignId);
  const note = notice(campaign);
  const result = await tx.execute(sql`
    with marked as (
      insert into extra_point_notice_batches (batch) values (${batch}) on conflict do nothing returning batch
    ),
    noticed as (
      insert into notifications (recipient_kind, recipient_id, type, title, message, data)
      select g.participant_kind::text::recipient_kind, g.participant_id, 'extra-points', ${note.title}, ${note.message},
             ${note.data}::jsonb
      from extra_point_grants g
      where g.notice_batch = (select batch from marked) and g.campaign_id = ${campaignId} and g.status = 'granted'
      order by g.participant_kind, g.participant_id
      returning 1
    )
    select count(*)::int as noticed from noticed`);
  const [row] = rowsOf<{ noticed: number }>(result);
  return Number(row?.noticed ?? 0);
}

/**
 * A transaction that grants: once it commits, the workers of its notices and rankings here look at once rather than
 * at their next poll.
 */
async function granting<T>(db: Db, jobs: JobQueue, work: (tx: Db) => Promise<T>): Promise<T> {
  const done = await db.transaction(work);
  jobs.wake(RANKINGS_REFRESH_JOB);
  jobs.wake(GRANT_NOTICES_JOB);
  return done;
}

/** The job of the grants' notices: a failed run (the database away) is tried again; the mark keeps it to once. */
export function defineGrantNotices(jobs: JobQueue, db: Db) {
  jobs.define<GrantNotices>({
    name: GRANT_NOTICES_JOB,
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
    async handler(job, { log }) {
      const noticed = await db.transaction((tx) => writeGrantNotices(tx, job));
      const pruned = await pruneNoticeMarks(db, new Date());
      if (noticed > 0 || pruned > 0) log.info({ noticed, pruned, batch: job.batch }, 'grant notices');
    },
  });
}

/** How long a batch's mark is kept: far past any retry of its job (minutes), so it never writes the notices twice. */
const MARK_DAYS = 30;

/**
 * Deletes the marks of batches older than MARK_DAYS. A batch id is time first (version 7), so the marks before a
 * moment are a range of the key: the id of that millisecond with every other bit zero bounds it.
 */
export async function pruneNoticeMarks(db: Db, now: Date): Promise<number> {
  const hex = (now.getTime() - MARK_DAYS * 86_400_000).toString(16).padStart(12, '0');
  const bound = `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
  return affectedRows(await db.execute(sql`delete from extra_point_notice_batches where batch < ${bound}::uuid`));
}

/** Takes the campaign back from the grants `which` selects (by id): each gets a reversal of the campaign's points. */
export async function revoke(
  tx: Db,
  campaign: Campaign,
  which: ReturnType<typeof sql>,
  issuer: string,
  reason: string,
): Promise<number> {
  const result = await tx.execute(sql`
    with removed as (
      update extra_point_grants g set status = 'removed', removed_at = now(), reason = ${reason}
      where g.campaign_id = ${campaign.id} and g.status = 'granted' and g.id in (${which})
      returning g.participant_kind, g.participant_id
    )
    insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason)
    select r.participant_kind, r.participant_id, ${-campaign.amount}, 'reversal', 'extra-point', ${campaign.id},
           ${issuer}, ${`${reasonOf(campaign)} (removidos: ${reason})`}
    from removed r
    order by r.participant_kind, r.participant_id
    on conflict do nothing`);
  return affectedRows(result);
}

/** The professionals of `ids` who may earn (not blocked, and of a profession that earns points), as grant candidates. */
export function professionalsIn(ids: readonly string[]) {
  return sql`
    select 'professional'::participant_kind as participant_kind, p.id as participant_id, null::uuid as store_id
    from professionals p
    where p.id in (select distinct value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      and p.behaviour <> 'blocked' and not ${earnsNothing(sql`p.profession`)}`;
}

/** The active users of a store, as grant candidates: a self sign-up still waiting for approval is not yet of its team. */
export function shopkeepersOf(storeId: string) {
  return sql`
    select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
    from store_users u where u.store_id = ${storeId} and u.active and u.approval = 'approved'`;
}

/** The active, approved users of the given stores, as grant candidates. */
export function shopkeepersOfStores(storeIds: readonly string[]) {
  return sql`
    select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
    from store_users u
    where u.store_id in (select distinct value::uuid from jsonb_array_elements_text(${JSON.stringify(storeIds)}::jsonb))
      and u.active and u.approval = 'approved'`;
}

/** An admin's new campaign, with its audit record. Returns its id. */
export async function createCampaign(
  db: Db,
  actor: Principal,
  input: {
    name: string;
    description?: string | undefined;
    points: number;
    audience: Campaign['audience'];
    startsAt: string;
    endsAt: string;
    active?: boolean | undefined;
  },
) {
  const { points, startsAt, endsAt, ...rest } = input;
  const row = await insertAudited(
    db,
    actor,
    { table: extraPointCampaigns, entity: 'extra-point' },
    {
      ...rest,
      amount: toHundredths(points),
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      qrCode: newQrCode(),
    },
  );
  return row.id;
}

/** An admin's edit of a campaign (its points only while nobody has them), with its audit record. */
export async function updateCampaign(
  db: Db,
  actor: Principal,
  input: {
    id: string;
    name?: string | undefined;
    description?: string | undefined;
    points?: number | undefined;
    audience?: Campaign['audience'] | undefined;
    startsAt?: string | undefined;
    endsAt?: string | undefined;
    active?: boolean | undefined;
  },
) {
  const { id, points, startsAt, endsAt, ...rest } = input;
  await db.transaction(async (tx) => {
    const before = await findCampaign(tx, id);
    const amount = points === undefined ? before.amount : toHundredths(points);
    if (amount !== before.amount && (await tx.$count(extraPointGrants, eq(extraPointGrants.campaignId, id))) > 0) {
      throw fail.conflict('Os pontos de uma campanha que já foi concedida não podem mudar.', 'campaign-granted');
    }
    const next = {
      ...rest,
      amount,
      startsAt: startsAt ? new Date(startsAt) : before.startsAt,
      endsAt: endsAt ? new Date(endsAt) : before.endsAt,
    };
    if (next.endsAt <= next.startsAt)
      throw fail.badRequest('A data final precisa ser depois da inicial.', 'validation');
    await updateAudited(tx, actor, { table: extraPointCampaigns, entity: 'extra-point' }, before, next);
  });
}

/** Switches a campaign on or off, with its audit record. */
export const changeCampaignStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, campaignTarget, id, active);

const campaignTarget = {
  table: extraPointCampaigns,
  entity: 'extra-point',
  notFound: () => fail.notFound('Campanha de pontos extras não encontrada.'),
};

/** An admin's edit of one grant: a new reason, or taken back (revoked) when switched off. */
export async function updateGrant(
  db: Db,
  principal: Principal,
  id: string,
  active: boolean | undefined,
  reason: string | undefined,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(extraPointGrants).where(eq(extraPointGrants.id, id));
    if (!before) throw fail.notFound('Concessão de pontos extras não encontrada.');
    if (active === false && before.status === 'granted') {
      const campaign = await findCampaign(tx, before.campaignId);
      await revoke(tx, campaign, sql`${id}::uuid`, issuerOf(principal), reason ?? 'removido pela administração');
    } else if (reason !== undefined) {
      await tx.update(extraPointGrants).set({ reason }).where(eq(extraPointGrants.id, id));
    }
    const [after] = await tx.select().from(extraPointGrants).where(eq(extraPointGrants.id, id));
    await audit(tx, principal, { action: 'update-grant', entity: 'extra-point-grant', entityId: id, before, after });
  });
}

/** Gives a professionals' campaign to the chosen professionals. Returns how many got it now. */
export async function addToProfessionals(
  db: Db,
  jobs: JobQueue,
  principal: Principal,
  idExtraPoint: string,
  idProfessionals: readonly string[],
  now: Date,
) {
  return granting(db, jobs, async (tx) => {
    const campaign = await findCampaign(tx, idExtraPoint);
    refuseClosed(campaign, now, 'professional');
    const count = await grant(tx, campaign, professionalsIn(idProfessionals), 'admin', issuerOf(principal), jobs);
    await audit(tx, principal, {
      action: 'add-to-professionals',
      entity: 'extra-point',
      entityId: idExtraPoint,
      after: { asked: idProfessionals.length, added: count },
    });
    return count;
  });
}

/** Takes a campaign's points back from one professional. */
export async function removeFromProfessional(
  db: Db,
  principal: Principal,
  idExtraPoint: string,
  idProfessional: string,
) {
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, idExtraPoint);
    const which = sql`select id from extra_point_grants where campaign_id = ${idExtraPoint}
      and participant_kind = 'professional' and participant_id = ${idProfessional}`;
    const count = await revoke(tx, campaign, which, issuerOf(principal), 'removido pela administração');
    if (count === 0) throw fail.notFound('Este profissional não tem os pontos desta campanha.');
    await audit(tx, principal, {
      action: 'remove-from-professional',
      entity: 'extra-point',
      entityId: idExtraPoint,
      before: { professional: idProfessional, status: 'granted' },
      after: { professional: idProfessional, status: 'removed' },
    });
    return count;
  });
}

/** Gives a shopkeepers' campaign to a store: each of its active users gets the points once. */
export async function addToStore(
  db: Db,
  jobs: JobQueue,
  principal: Principal,
  idExtraPoint: string,
  idStore: string,
  now: Date,
) {
  return granting(db, jobs, async (tx) => {
    const campaign = await findCampaign(tx, idExtraPoint);
    refuseClosed(campaign, now, 'shopkeeper');
    const [store] = await tx.select().from(stores).where(eq(stores.id, idStore));
    if (!store) throw fail.notFound('Loja não encontrada.');
    if (!store.active) throw fail.invalid('Esta loja está inativa.', 'store-inactive');
    await tx
      .insert(extraPointStores)
      .values({ campaignId: idExtraPoint, storeId: idStore })
      .onConflictDoUpdate({
        target: [extraPointStores.campaignId, extraPointStores.storeId],
        set: { status: 'granted', removedAt: null },
      });
    const count = await grant(tx, campaign, shopkeepersOf(idStore), 'store', issuerOf(principal), jobs);
    await audit(tx, principal, {
      action: 'add-to-store',
      entity: 'extra-point',
      entityId: idExtraPoint,
      after: { store: idStore, shopkeepers: count },
    });
    return count;
  });
}

/** Takes a store out of a campaign, and the points back from its shopkeepers. */
export async function removeFromStore(db: Db, principal: Principal, idExtraPoint: string, idStore: string) {
  return db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, idExtraPoint);
    const [link] = await tx
      .update(extraPointStores)
      .set({ status: 'removed', removedAt: new Date() })
      .where(and(eq(extraPointStores.campaignId, idExtraPoint), eq(extraPointStores.storeId, idStore)))
      .returning();
    if (!link) throw fail.notFound('Esta loja não participa desta campanha.');
    const which = sql`select id from extra_point_grants where campaign_id = ${idExtraPoint} and store_id = ${idStore}`;
    const count = await revoke(tx, campaign, which, issuerOf(principal), 'loja removida da campanha');
    await audit(tx, principal, {
      action: 'remove-from-store',
      entity: 'extra-point',
      entityId: idExtraPoint,
      before: { store: idStore, status: 'granted' },
      after: { store: idStore, status: 'removed', shopkeepers: count },
    });
    return count;
  });
}

/** A participant takes a campaign through its QR code (once). Returns the points given. */
export async function takeCampaign(db: Db, jobs: JobQueue, principal: Principal, id: string, code: string, now: Date) {
  const me = participantOf(principal);
  return granting(db, jobs, async (tx) => {
    const campaign = await findCampaign(tx, id);
    if (campaign.audience !== me.kind) throw fail.notFound(extraPointMessages.notFound);
    if (!sameSecret(campaign.qrCode, code)) throw fail.notFound(extraPointMessages.badCode, 'campaign-code');
    refuseClosed(campaign, now, me.kind);
    if (me.kind === 'professional') await refuseEarningNothing(tx, me.id);
    const who =
      me.kind === 'professional'
        ? sql`select 'professional'::participant_kind as participant_kind, p.id as participant_id,
                null::uuid as store_id from ${professionals} p where p.id = ${me.id} and p.behaviour <> 'blocked'`
        : sql`select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
              from store_users u where u.id = ${me.id}`;
    const count = await grant(tx, campaign, who, 'qrcode', issuerOf(principal), jobs);
    if (count === 0) throw fail.conflict(extraPointMessages.alreadyTaken, 'campaign-taken');
    return campaign.amount;
  });
}

const CHUNK = 10_000;

/** Looks the documents up in chunks (a bound list of 200,000 parameters is more than a statement takes). */
async function lookUp<T>(documents: string[], find: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < documents.length; start += CHUNK) {
    found.push(...(await find(documents.slice(start, start + CHUNK))));
  }
  return found;
}

/**
 * Gives a campaign to everyone a pasted list of CPFs (a professionals' campaign) or CNPJs (a shopkeepers' campaign)
 * names, and answers each entry that names nobody.
 */
export async function addByDocuments(
  db: Db,
  jobs: JobQueue,
  principal: Principal,
  idExtraPoint: string,
  documents: readonly string[],
  now: Date,
) {
  return granting(db, jobs, async (tx) => {
    const campaign = await findCampaign(tx, idExtraPoint);
    refuseClosed(campaign, now, campaign.audience);
    const forProfessionals = campaign.audience === 'professional';
    const strip = forProfessionals ? stripCpf : stripCnpj;
    const wanted = [...new Set(documents.map(strip).filter((document) => document !== ''))];
    let answer: { msg: string; added: number; skipped: number; known: Set<string> };
    if (forProfessionals) {
      const found = await lookUp(wanted, (chunk) =>
        tx
          .select({ id: professionals.id, document: professionals.cpf })
          .from(professionals)
          .where(inArray(professionals.cpf, chunk)),
      );
      const ids = found.map((row) => row.id);
      const added =
        ids.length > 0 ? await grant(tx, campaign, professionalsIn(ids), 'admin', issuerOf(principal), jobs) : 0;
      answer = {
        msg: grantedTo(added),
        added,
        skipped: ids.length - added,
        known: new Set(found.map((row) => row.document ?? '')),
      };
    } else {
      const found = await lookUp(wanted, (chunk) =>
        tx
          .select({ id: stores.id, document: stores.cnpj })
          .from(stores)
          .where(and(inArray(stores.cnpj, chunk), eq(stores.active, true))),
      );
      const ids = found.map((row) => row.id);
      let added = 0;
      if (ids.length > 0) {
        for (let start = 0; start < ids.length; start += CHUNK) {
          await tx
            .insert(extraPointStores)
            .values(ids.slice(start, start + CHUNK).map((storeId) => ({ campaignId: idExtraPoint, storeId })))
            .onConflictDoUpdate({
              target: [extraPointStores.campaignId, extraPointStores.storeId],
              set: { status: 'granted', removedAt: null },
            });
        }
        added = await grant(tx, campaign, shopkeepersOfStores(ids), 'store', issuerOf(principal), jobs);
      }
      answer = {
        msg: `Pontos extras concedidos a ${countPhrase(ids.length, ['loja', 'lojas'], true)} (${countPhrase(added, ['lojista', 'lojistas'], true)}).`,
        added,
        skipped: 0,
        known: new Set(found.map((row) => row.document)),
      };
    }
    const format = forProfessionals ? formatCpf : formatCnpj;
    const unknown = wanted.filter((document) => !answer.known.has(document)).map(format);
    await audit(tx, principal, {
      action: 'add-by-documents',
      entity: 'extra-point',
      entityId: idExtraPoint,
      after: { asked: wanted.length, added: answer.added, unknown: unknown.length },
    });
    return { msg: answer.msg, added: answer.added, skipped: answer.skipped, unknown };
  });
}
