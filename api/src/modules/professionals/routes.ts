import {
  emailAvailabilitySchema,
  emailQuerySchema,
  messageSchema,
  passwordChangeSchema,
  preRegisterBodySchema,
  professionalChangesSchema,
  professionalCompleteSchema,
  professionalCreateSchema,
  profileDataSchema,
  profileUpdatedSchema,
  validateEmailBodySchema,
} from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import { parseBody } from '../../kernel/body';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { fieldsToBody, readMultipart, rules } from '../../kernel/uploads';
import { acceptTermsRequired, isPasswordOnly, profileUpdated, validateEmail } from '../auth';
import { standingOf } from '../ledger';
import { consentContextOf } from '../privacy';
import { professionalProfile, professionalRow, professionalStatusByEmail, shopkeeperRow } from './queries';
import {
  changeProfessionalPassword,
  completeProfessional,
  createProfessional,
  preRegister,
  updateProfessional,
} from './service';

const created = z.object({ msg: z.string(), id: z.string() });
const completed = z.object({ msg: z.string(), status: z.enum(['active', 'awaiting_email']) });

export async function professionalRoutes(app: App, deps: AccountDeps) {
  const { limiter } = deps;
  const signUpContext = (request: { ip: string }) => consentContextOf(request, deps.config.jwtSecret, 'sign-up');

  app.post(
    '/professionals/create',
    { config: { guard: 'public' }, schema: { response: { 201: created } } },
    async (request, reply) => {
      await limiter.hit(request, 'signUpIp', request.ip);
      const { fields, file } = await readMultipart(request, rules.abdCertificate);
      const body = fieldsToBody(fields);
      // Its own code, so the screen shows the field error and no toast (spec 8).
      if (body.acceptTerms !== true) throw acceptTermsRequired();
      const row = await createProfessional(
        deps,
        parseBody(professionalCreateSchema, body),
        file,
        signUpContext(request),
      );
      return reply
        .code(201)
        .send({ msg: 'Cadastro realizado! Enviamos um link de confirmação para o seu e-mail.', id: row.id });
    },
  );

  app.post(
    '/professionals/update',
    { config: { guard: 'public' }, schema: { response: { 200: completed } } },
    async (request) => {
      await limiter.hit(request, 'signUpIp', request.ip);
      const { fields, file } = await readMultipart(request, rules.abdCertificate);
      const body = fieldsToBody(fields);
      if (body.acceptTerms !== true) throw acceptTermsRequired();
      const row = await completeProfessional(
        deps,
        parseBody(professionalCompleteSchema, body),
        file,
        signUpContext(request),
      );
      const status = row.status === 'active' ? ('active' as const) : ('awaiting_email' as const);
      return {
        msg:
          status === 'active'
            ? 'Cadastro concluído! Entre com seu e-mail e senha.'
            : 'Cadastro concluído! Enviamos um link de confirmação para o seu e-mail.',
        status,
      };
    },
  );

  app.post(
    '/auth/pre-register',
    { config: { guard: 'public' }, schema: { body: preRegisterBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await limiter.hit(request, 'signUpIp', request.ip);
      await preRegister(deps, request.body.form);
      return { msg: 'Cadastro iniciado.' };
    },
  );

  app.get(
    '/professionals/get-email',
    {
      config: { guard: 'public' },
      schema: { querystring: emailQuerySchema, response: { 200: emailAvailabilitySchema } },
    },
    async (request) => {
      await limiter.hit(request, 'emailLookupIp', request.ip);
      const row = await professionalStatusByEmail(deps.db, request.query.email);
      if (!row || row.status === 'pre_registered') return { available: true };
      return {
        available: false,
        code: row.status === 'incomplete' ? ('finish-register' as const) : ('email-taken' as const),
      };
    },
  );

  app.post(
    '/professionals/validate-email',
    { config: { guard: 'public' }, schema: { body: validateEmailBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await limiter.hit(request, 'confirmIp', request.ip);
      await validateEmail(deps, request.body.id);
      return { msg: 'E-mail validado com sucesso!' };
    },
  );

  app.post(
    '/professionals/update-me',
    { config: { guard: ['professional'] }, schema: { response: { 200: profileUpdatedSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await limiter.hit(request, 'uploadAccount', principal.id);
      const { fields, file } = await readMultipart(request, rules.abdCertificate);
      const raw = fieldsToBody(fields);
      const { row, passwordChanged } = isPasswordOnly(raw)
        ? await changeProfessionalPassword(deps, principal.id, parseBody(passwordChangeSchema, raw))
        : await updateProfessional(
            deps,
            principal.id,
            parseBody(professionalChangesSchema, raw),
            file,
            consentContextOf(request, deps.config.jwtSecret, 'profile'),
          );
      const account = { ...row, role: 'professional' as const };
      return profileUpdated(deps, 'Profissional atualizado com sucesso!', account, passwordChanged, principal.linked);
    },
  );

  // Shopkeepers read their own profile here too (the participant area they share, spec 7.12).
  app.get(
    '/professionals/get-profile-data',
    { config: { guard: ['professional', 'shopkeeper'] }, schema: { response: { 200: profileDataSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const standing = await standingOf(deps, principal);
      if (principal.role === 'professional') {
        const row = await professionalRow(deps.db, principal.id);
        if (!row) throw fail.invalidId();
        return { userType: 'professional' as const, ...professionalProfile(row), ...standing };
      }
      const row = await shopkeeperRow(deps.db, principal.id);
      if (!row) throw fail.invalidId();
      const { user } = row;
      return {
        userType: 'shopkeeper' as const,
        _id: user.id,
        name: user.name,
        email: user.email,
        cellphone: user.cellphone,
        cpf: user.cpf,
        profileImage: user.profileImage,
        shopkeeperType: user.shopkeeperType,
        store: { id: user.storeId, name: row.storeName },
        ...standing,
      };
    },
  );
}
