import {
  emailResentSchema,
  emailsPageSchema,
  emailsQuerySchema,
  idParamsSchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import { emailsPage, resendEmail } from '../../jobs';
import type { Deps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';

/** Programa > E-mails: the outbox as admins see it (no bodies), and sending a failed message again. */
export async function emailRoutes(app: App, deps: Pick<Deps, 'db' | 'jobs'>) {
  app.get(
    '/cms/emails/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: emailsQuerySchema, response: { 200: emailsPageSchema } } },
    async (request) => emailsPage(deps.db, request.query),
  );

  app.post(
    '/cms/emails/:id/resend',
    { config: { guard: ['admin'] }, schema: { params: idParamsSchema, response: { 200: emailResentSchema } } },
    async (request) => {
      const item = await resendEmail(deps.db, deps.jobs, request.params.id);
      if (!item) {
        throw fail.conflict('Só um e-mail que falhou pode ser enviado de novo.', 'email-not-failed');
      }
      return { msg: 'E-mail colocado na fila de envio de novo.', item };
    },
  );
}
