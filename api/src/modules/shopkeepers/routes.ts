import {
  messageSchema,
  passwordChangeSchema,
  professionalLookupQuerySchema,
  professionalLookupSchema,
  profileUpdatedSchema,
  shopkeeperCreateSchema,
  shopkeeperUpdateMeSchema,
  storeByCnpjQuerySchema,
  storeSummarySchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import { parseBody } from '../../kernel/body';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { fieldsToBody, readMultipart } from '../../kernel/uploads';
import { isPasswordOnly, profileUpdated } from '../auth';
import { consentContextOf } from '../privacy';
import { managerApprovalRoutes } from './approvals.routes';
import { activeStore, professionalForSale, shopkeeperRow } from './queries';
import { signUpShopkeeper, updateShopkeeperMe } from './service';

export async function shopkeeperRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/shopkeeper/get-store-by-cnpj',
    {
      config: { guard: 'public' },
      schema: { querystring: storeByCnpjQuerySchema, response: { 200: storeSummarySchema } },
    },
    async (request) => {
      await deps.limiter.hit(request, 'lookupIp', request.ip);
      return activeStore(deps.db, { cnpj: request.query.cnpj });
    },
  );

  // Who a sale is for, confirmed by the seller before sending it (screens.md: a sale for a professional found by
  // CPF or e-mail): the name only, counted per account and per IP so that it cannot list the programme's people.
  app.get(
    '/shopkeeper/professionals/lookup',
    {
      config: { guard: ['shopkeeper'] },
      schema: { querystring: professionalLookupQuerySchema, response: { 200: professionalLookupSchema } },
    },
    async (request) => {
      await deps.limiter.hit(request, 'professionalLookupAccount', principalOf(request).id);
      await deps.limiter.hit(request, 'professionalLookupIp', request.ip);
      return professionalForSale(deps.db, request.query.search);
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
      await signUpShopkeeper(
        deps,
        parseBody(shopkeeperCreateSchema, raw),
        consentContextOf(request, deps.config.jwtSecret, 'sign-up'),
      );
      return reply.code(201).send({
        msg: 'Cadastro de lojista realizado! Enviamos um link de confirmação para o seu e-mail. Depois de confirmar, entre com seu e-mail e senha: a loja ou o programa ainda vai aprovar o seu cadastro.',
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
      const row = await shopkeeperRow(deps.db, principal.id);
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
      const { updated, passwordChanged } = await updateShopkeeperMe(deps, row, body);
      const account = { ...updated, role: 'shopkeeper' as const };
      return profileUpdated(deps, 'Profissional atualizado com sucesso!', account, passwordChanged, principal.linked);
    },
  );

  await managerApprovalRoutes(app, deps);
}
