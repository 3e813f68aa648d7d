import {
  messageSchema,
  passwordChangeSchema,
  profileUpdatedSchema,
  shopkeeperCreateSchema,
  shopkeeperUpdateMeSchema,
  storeByCnpjQuerySchema,
  storeSummarySchema,
} from '@especifica/mf-shared/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { stores, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail, uniqueViolation } from '../../kernel/errors';
import { fieldsToBody, readMultipart } from '../../kernel/uploads';
import { welcomeMail } from '../../mail/templates';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';
import { assertNotCommon } from '../auth/password-rules.service';
import { isPasswordOnly, newPasswordHash, parseBody } from '../auth/sign-up.service';
import { currentTerms } from '../auth/terms.queries';

const storeNotFound = () =>
  fail.notFound(
    'Não encontramos uma loja participante com este CNPJ. Confira o número ou fale com a sua loja.',
    'store-not-found',
  );
const emailInStore = () => fail.field('email', 'Este e-mail já está cadastrado nesta loja.', 409, 'email-taken');
const cpfInStore = () => fail.field('cpf', 'Este CPF já está cadastrado nesta loja.', 409, 'cpf-taken');

export async function shopkeeperRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/shopkeeper/get-store-by-cnpj',
    {
      config: { guard: 'public' },
      schema: { querystring: storeByCnpjQuerySchema, response: { 200: storeSummarySchema } },
    },
    async (request) => {
      await deps.limiter.hit(request, 'lookupIp', request.ip);
      const [store] = await deps.db
        .select({ id: stores.id, name: stores.name, cnpj: stores.cnpj })
        .from(stores)
        .where(and(eq(stores.cnpj, request.query.cnpj), eq(stores.active, true)));
      if (!store) throw storeNotFound();
      return store;
    },
  );

  app.post(
    '/shopkeeper/create',
    { config: { guard: 'public' }, schema: { response: { 201: messageSchema } } },
    async (request, reply) => {
      await deps.limiter.hit(request, 'signUpIp', request.ip);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      if (raw.acceptTerms !== true)
        throw fail.field('acceptTerms', 'Você precisa aceitar os termos de uso', 400, 'acceptTerms-required');
      const body = parseBody(shopkeeperCreateSchema, raw);
      assertNotCommon(body.password, 'password');
      const [store] = await deps.db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.id, body.storeId), eq(stores.active, true)));
      if (!store) throw storeNotFound();
      const terms = await currentTerms(deps.db);
      try {
        await deps.db.insert(storeUsers).values({
          storeId: store.id,
          name: body.name,
          email: body.email,
          cellphone: body.cellphone,
          cpf: body.cpf,
          passwordHash: await hashPassword(body.password, deps.argon2),
          shopkeeperType: 'seller',
          // Signed up alone: the account logs in at once, but waits for approval to act (domain: shopkeeper accounts).
          approval: 'pending',
          acceptedTermsVersion: terms?.version ?? null,
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        throw constraint.includes('cpf') ? cpfInStore() : emailInStore();
      }
      deps.mailer.enqueue(welcomeMail(body.email, body.name, `${deps.config.publicUrl}/login`));
      return reply.code(201).send({
        msg: 'Cadastro de lojista concluído! Entre com seu e-mail e senha: a loja ou o programa ainda vai aprovar o seu cadastro.',
      });
    },
  );

  app.post(
    '/shopkeeper/update-me',
    { config: { guard: ['shopkeeper'] }, schema: { response: { 200: profileUpdatedSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const { fields } = await readMultipart(request, null);
      const raw = fieldsToBody(fields);
      if (raw._id !== principal.id) throw fail.invalidId();
      const [row] = await deps.db.select().from(storeUsers).where(eq(storeUsers.id, principal.id));
      if (!row) throw fail.invalidId();
      // The profile's password form sends only the password: the data stays as it is.
      const body = isPasswordOnly(raw)
        ? {
            ...parseBody(passwordChangeSchema, raw),
            name: row.name,
            email: row.email,
            cellphone: row.cellphone ?? '',
            cpf: row.cpf ?? '',
          }
        : parseBody(shopkeeperUpdateMeSchema, raw);
      const sameStore = (column: typeof storeUsers.email | typeof storeUsers.cpf, value: string) =>
        deps.db
          .select({ id: storeUsers.id })
          .from(storeUsers)
          .where(and(eq(storeUsers.storeId, row.storeId), eq(column, value), ne(storeUsers.id, row.id)));
      if ((await sameStore(storeUsers.email, body.email)).length > 0) throw emailInStore();
      if (body.cpf && (await sameStore(storeUsers.cpf, body.cpf)).length > 0) throw cpfInStore();
      const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
      const [updated] = await deps.db
        .update(storeUsers)
        .set({
          name: body.name,
          email: body.email,
          cellphone: body.cellphone || null,
          cpf: body.cpf || null,
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
        })
        .where(eq(storeUsers.id, row.id))
        .returning();
      if (!updated) throw fail.invalidId();
      return {
        msg: 'Profissional atualizado com sucesso!',
        user: { name: updated.name, email: updated.email, profileImage: updated.profileImage },
        ...(passwordHash
          ? {
              accessToken: deps.tokens.sign({
                sub: updated.id,
                role: 'shopkeeper',
                tv: updated.tokenVersion,
                shopkeeperType: updated.shopkeeperType,
                ...(principal.linked.length > 1 ? { acc: principal.linked } : {}),
              }),
            }
          : {}),
      };
    },
  );
}
