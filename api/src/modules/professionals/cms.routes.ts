import { randomUUID } from 'node:crypto';
import {
  adjustmentMessages,
  adjustPointsBodySchema,
  adminProfessionalSchema,
  adminProfessionalsPageSchema,
  adminProfessionalsQuerySchema,
  createProfessionalByAdminBodySchema,
  idBodySchema,
  messageSchema,
  professionalBehaviourBodySchema,
  updateProfessionalByAdminBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { outer } from '../../db/rows';
import { cyclePoints, ledgerEntries, professionals, stores, storeUsers } from '../../db/schema';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths, toHundredths } from '../../domain/points';
import { type App, RequestValidationError } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation, violatedConstraint } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { containsPattern, searchAny } from '../../kernel/search';
import { formIfMultipart, withUploads } from '../../kernel/uploads';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';
import { levelRules } from '../ledger/queries';
import { adjust, balanceOf, issuerOf } from '../ledger/service';
import { emailTaken } from '../users/routes';

export async function professionalAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  async function page(where: SQL | undefined, query: ListPageQuery<'name' | 'email' | 'createdAt' | 'points'>) {
    const year = cycleYear(deps.now());
    const balance = sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
            where ${ledgerEntries.participantKind} = 'professional'
              and ${ledgerEntries.participantId} = ${outer(professionals.id)})`;
    const [rules, answer] = await Promise.all([
      levelRules(db),
      listPage(
        query,
        {
          rows: db
            .select({
              professional: professionals,
              store: { id: stores.id, name: stores.name },
              seller: { id: storeUsers.id, name: storeUsers.name },
              balance,
              earned: sql<string>`coalesce((select ${cyclePoints.earned} from ${cyclePoints}
            where ${cyclePoints.participantKind} = 'professional' and ${cyclePoints.participantId} = ${outer(professionals.id)}
              and ${cyclePoints.cycleYear} = ${year}), 0)`,
            })
            .from(professionals)
            .leftJoin(stores, eq(stores.id, professionals.referenceStoreId))
            .leftJoin(storeUsers, eq(storeUsers.id, professionals.referenceSellerId))
            .$dynamic(),
          count: db.select({ total: count() }).from(professionals).$dynamic(),
          where: [where],
          order: [desc(professionals.createdAt), professionals.id],
          sortable: {
            name: professionals.name,
            email: professionals.email,
            createdAt: professionals.createdAt,
            points: balance,
          },
          id: professionals.id,
        },
        (row) => row,
      ),
    ]);
    const items = answer.items.map(({ professional, store, seller, balance, earned }) => ({
      id: professional.id,
      name: professional.name,
      email: professional.email,
      cpf: professional.cpf,
      cellphone: professional.cellphone,
      profession: professional.profession,
      status: professional.status,
      behaviour: professional.behaviour,
      level: { level: levelFor(rules, Number(earned))?.name ?? null, points: fromHundredths(earned) },
      totalPoints: fromHundredths(balance),
      referenceStore: store,
      referenceSeller: seller,
      createdAt: professional.createdAt.toISOString(),
    }));
    return { ...answer, items };
  }
  const one = async (id: string) => {
    const [item] = (await page(eq(professionals.id, id), { limit: 1, page: 1 })).items;
    if (!item) throw fail.notFound(userMessages.professionalNotFound);
    return item;
  };

  app.get(
    '/cms/professionals/get-all',
    {
      config: admin,
      schema: { querystring: adminProfessionalsQuerySchema, response: { 200: adminProfessionalsPageSchema } },
    },
    (request) => {
      const query = request.query;
      // A CPF is kept unmasked: a masked fragment ("123.456") is looked up by its digits too.
      const digits = query.search?.replace(/[.\-\s]/g, '') ?? '';
      const conditions: (SQL | undefined)[] = [
        or(
          searchAny(query.search, [professionals.name, professionals.email, professionals.cpf]),
          /^\d{3,11}$/.test(digits) ? ilike(professionals.cpf, containsPattern(digits)) : undefined,
        ),
      ];
      if (query.behaviour) conditions.push(eq(professionals.behaviour, query.behaviour));
      if (query.status) conditions.push(eq(professionals.status, query.status));
      if (query.referenceStoreId) conditions.push(eq(professionals.referenceStoreId, query.referenceStoreId));
      return page(and(...conditions), query);
    },
  );

  // One professional's page in the CMS: the same fields as a row of the list.
  app.get(
    '/cms/professionals/get-one',
    { config: admin, schema: { querystring: idBodySchema, response: { 200: adminProfessionalSchema } } },
    (request) => one(request.query.id),
  );

  app.post(
    '/cms/professionals/create',
    {
      config: admin,
      schema: { body: createProfessionalByAdminBodySchema, response: { 200: withMessage(adminProfessionalSchema) } },
    },
    async (request) => {
      const { password, ...fields } = request.body;
      const passwordHash = await hashPassword(password, deps.argon2);
      const id = await db.transaction(async (tx) => {
        // An admin vouches for the account: it starts active, with the e-mail taken as confirmed.
        const [row] = await tx
          .insert(professionals)
          .values({ ...fields, passwordHash, status: 'active', emailConfirmedAt: new Date() })
          .returning()
          .catch(emailTaken);
        if (!row) throw new Error('professional not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'professional',
          entityId: row.id,
          after: row,
        });
        return row.id;
      });
      return { msg: userMessages.created, item: await one(id) };
    },
  );

  await withUploads(app, (forms) => {
    // The spec sends this one as a multipart form; JSON is taken too.
    forms.post(
      '/cms/professionals/update',
      { config: admin, schema: { response: { 200: withMessage(adminProfessionalSchema) } } },
      async (request) => {
        const raw = (await formIfMultipart(request, 1024 * 1024))?.fields ?? request.body;
        const parsed = z.safeParse(updateProfessionalByAdminBodySchema, raw ?? {});
        if (!parsed.success) {
          throw new RequestValidationError(
            parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
          );
        }
        const { id, ...changes } = parsed.data;
        await db.transaction(async (tx) => {
          const [before] = await tx.select().from(professionals).where(eq(professionals.id, id));
          if (!before) throw fail.notFound(userMessages.professionalNotFound);
          const revoke = changes.email !== undefined && changes.email !== before.email;
          const [after] = await tx
            .update(professionals)
            .set({
              ...changes,
              ...(revoke ? { tokenVersion: sql`${professionals.tokenVersion} + 1` } : {}),
              updatedAt: new Date(),
            })
            .where(eq(professionals.id, id))
            .returning()
            .catch((error) => {
              if (isUniqueViolation(error) && violatedConstraint(error)?.includes('cpf')) {
                throw fail.conflict('Este CPF já é usado por outro profissional.', 'cpf-taken');
              }
              return emailTaken(error);
            });
          await audit(tx, principalOf(request), {
            action: 'update',
            entity: 'professional',
            entityId: id,
            before,
            after,
          });
        });
        return { msg: userMessages.professionalUpdated, item: await one(id) };
      },
    );
  });

  app.post(
    '/cms/professionals/change-status',
    { config: admin, schema: { body: professionalBehaviourBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, behaviour } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(professionals).where(eq(professionals.id, id));
        if (!before) throw fail.notFound(userMessages.professionalNotFound);
        await tx
          .update(professionals)
          .set({
            behaviour,
            // Inactive and blocked professionals cannot sign in: their open sessions end now.
            ...(behaviour === 'active' ? {} : { tokenVersion: sql`${professionals.tokenVersion} + 1` }),
            updatedAt: new Date(),
          })
          .where(eq(professionals.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'professional',
          entityId: id,
          before: { behaviour: before.behaviour },
          after: { behaviour },
        });
      });
      const messages = {
        active: 'Profissional ativado com sucesso!',
        inactive: 'Profissional desativado com sucesso!',
        blocked: 'Profissional bloqueado com sucesso!',
      };
      return { msg: messages[behaviour] };
    },
  );

  app.post(
    '/cms/professionals/adjust-points',
    {
      config: admin,
      schema: { body: adjustPointsBodySchema, response: { 200: withMessage(adminProfessionalSchema) } },
    },
    async (request) => {
      const { professionalId, points, reason } = request.body;
      const principal = principalOf(request);
      const participant = { kind: 'professional' as const, id: professionalId };
      await db.transaction(async (tx) => {
        const [person] = await tx
          .select({ id: professionals.id })
          .from(professionals)
          .where(eq(professionals.id, professionalId));
        if (!person) throw fail.notFound(userMessages.professionalNotFound);
        const before = await balanceOf(tx, participant);
        const amount = toHundredths(points);
        // Each adjustment is its own source: two corrections of the same size are two entries.
        const sourceId = randomUUID();
        await adjust(
          tx,
          { participant, amount, sourceId, issuer: issuerOf(principal), reason },
          deps.now(),
          adjustmentMessages.overdraft,
        );
        await audit(tx, principal, {
          action: 'adjust-points',
          entity: 'professional',
          entityId: professionalId,
          before: { balance: fromHundredths(before) },
          after: { balance: fromHundredths(await balanceOf(tx, participant)), points, reason, entry: sourceId },
        });
      });
      return { msg: points > 0 ? adjustmentMessages.given : adjustmentMessages.taken, item: await one(professionalId) };
    },
  );
}
