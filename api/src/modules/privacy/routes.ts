import {
  completeDataRequestBodySchema,
  consentChannelLabels,
  consentPurposeLabels,
  consentRecordsPageSchema,
  consentRecordsQuerySchema,
  customerNoticeQuerySchema,
  customerNoticeSchema,
  customerObjectionBodySchema,
  dataRequestsPageSchema,
  dataRequestsQuerySchema,
  messageSchema,
  privacyDataSchema,
  refuseDataRequestBodySchema,
  requestDeletionBodySchema,
  statementQuerySchema,
  taskSchema,
  updateConsentBodySchema,
} from '@especifica/mf-shared/contracts';
import type { FastifyRequest } from 'fastify';
import { sendExport, sheetOf } from '../../files/export';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { COPY_TASK, copyEntries } from './copy';
import { customerNoticeFor, objectToRegistration } from './customer-notice.service';
import {
  ANONYMISE_JOB,
  anonymise,
  completeDataRequest,
  dataRequestsPage,
  refuseDataRequest,
  requestDeletion,
} from './deletion.service';
import { saoPauloTime } from './format';
import { type ConsentSubject, consentRecordsOf, privacyDataOf } from './queries';
import { RETENTION_JOB, runRetention } from './retention.service';
import { consentContextOf, updateConsent } from './service';
import { purgeSignIns, SIGN_INS_JOB } from './sign-ins.service';
import { sendStatement } from './statement';

const participant = { guard: ['professional', 'shopkeeper'] } as const;
const admin = { guard: ['admin'] } as const;

const subjectOf = (request: FastifyRequest): ConsentSubject => {
  const principal = principalOf(request);
  return { kind: principal.role === 'shopkeeper' ? 'shopkeeper' : 'professional', id: principal.id };
};

/** The person an admin reads: exactly one of the two ids. */
const chosenSubject = (query: { professionalId?: string; shopkeeperId?: string }): ConsentSubject => {
  if (query.professionalId && !query.shopkeeperId) return { kind: 'professional', id: query.professionalId };
  if (query.shopkeeperId && !query.professionalId) return { kind: 'shopkeeper', id: query.shopkeeperId };
  throw fail.badRequest('Informe o profissional ou o lojista.', 'validation');
};

// The LGPD for the person (/privacy: what is held, acceptances, marketing switches) and for the admin (a person's
// consent records, read and exported). docs/privacy.md.
export async function privacyRoutes(app: App, deps: Deps) {
  const { db } = deps;
  // The copy of one's data: a ZIP written by a job, kept 7 days for its owner only (docs/privacy.md).
  const copies = deps.tasks.archives(
    COPY_TASK,
    (_input: object, owner) =>
      copyEntries(
        db,
        deps.storage,
        { kind: owner.kind === 'shopkeeper' ? 'shopkeeper' : 'professional', id: owner.id },
        deps.now(),
      ),
    {
      name: 'meus-dados-especifica',
      bell: {
        title: 'A cópia dos seus dados está pronta',
        message: 'Baixe em Privacidade e dados: o arquivo fica disponível por 7 dias.',
      },
    },
  );
  // The anonymisation of a completed deletion request: retried after a crash, and harmless when run twice. Its
  // heartbeat lets another process take it again soon after the one running it died (killed, lost).
  deps.jobs.define<{ dataRequestId: string }>({
    name: ANONYMISE_JOB,
    options: { retryLimit: 5, retryDelay: 10, expireInSeconds: 900, heartbeatSeconds: 30 },
    async handler({ dataRequestId }, { log }) {
      if (await anonymise(db, deps.storage, deps.config.jwtSecret, dataRequestId, deps.now())) {
        log.info({ dataRequest: dataRequestId }, 'holder anonymised');
      }
    },
  });
  /** A daily schedule, once per cluster, that logs what it did when it did something. */
  const daily = (name: string, cron: string, run: () => Promise<Record<string, number>>) =>
    deps.jobs.define({
      name,
      cron,
      options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
      async handler(_data, { log }) {
        const done = await run();
        if (Object.values(done).some((count) => count > 0)) log.info({ [name]: done }, name);
      },
    });
  // Inactive accounts: warned 30 days before the setting's years without a sign-in, then anonymised.
  daily(RETENTION_JOB, '53 5 * * *', () => runRetention(deps, deps.now()));
  // Access records are kept six months (Marco Civil, art. 15), then deleted.
  daily(SIGN_INS_JOB, '41 4 * * *', async () => ({ deleted: await purgeSignIns(db, deps.now()) }));

  app.get(
    '/professionals/privacy/get-data',
    { config: participant, schema: { response: { 200: privacyDataSchema } } },
    (request) => privacyDataOf(db, subjectOf(request)),
  );
  app.post(
    '/professionals/privacy/request-copy',
    { config: participant, schema: { response: { 202: taskSchema } } },
    async (request, reply) => reply.code(202).send(await copies.start(request, {})),
  );
  app.post(
    '/professionals/privacy/request-deletion',
    { config: participant, schema: { body: requestDeletionBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await deps.limiter.hit(request, 'deletionAccount', `${principal.role}:${principal.id}`);
      return requestDeletion(db, principal, request.body.password, deps.now());
    },
  );
  app.post(
    '/professionals/privacy/update-consent',
    { config: participant, schema: { body: updateConsentBodySchema, response: { 200: messageSchema } } },
    (request) =>
      updateConsent(
        db,
        subjectOf(request),
        request.body,
        consentContextOf(request, deps.config.jwtSecret, 'privacy-page'),
      ),
  );

  // The registered customer's link (no session: the link is the key; the limiter keeps guessing slow).
  app.get(
    '/customers/notice',
    {
      config: { guard: 'public' },
      schema: { querystring: customerNoticeQuerySchema, response: { 200: customerNoticeSchema } },
    },
    async (request) => {
      await deps.limiter.hit(request, 'customerNoticeIp', request.ip);
      return customerNoticeFor(db, request.query.token, deps.now());
    },
  );
  app.post(
    '/customers/object',
    { config: { guard: 'public' }, schema: { body: customerObjectionBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await deps.limiter.hit(request, 'customerNoticeIp', request.ip);
      return objectToRegistration(db, request.body, deps.now());
    },
  );

  // The statement of benefits of a period, the person's own, or any professional's for an admin.
  app.get(
    '/professionals/privacy/statement',
    { config: participant, schema: { querystring: statementQuerySchema } },
    (request, reply) => sendStatement(reply, db, subjectOf(request), request.query, deps.now()),
  );
  app.get(
    '/cms/privacy/statement',
    { config: admin, schema: { querystring: statementQuerySchema } },
    (request, reply) => {
      if (!request.query.professionalId) throw fail.badRequest('Informe o profissional.', 'validation');
      return sendStatement(
        reply,
        db,
        { kind: 'professional', id: request.query.professionalId },
        request.query,
        deps.now(),
      );
    },
  );

  app.get(
    '/cms/privacy/requests/get-all',
    { config: admin, schema: { querystring: dataRequestsQuerySchema, response: { 200: dataRequestsPageSchema } } },
    (request) => dataRequestsPage(db, request.query, deps.now()),
  );
  app.post(
    '/cms/privacy/requests/complete',
    { config: admin, schema: { body: completeDataRequestBodySchema, response: { 200: messageSchema } } },
    (request) => completeDataRequest(db, deps.jobs, principalOf(request), request.body.id, deps.now()),
  );
  app.post(
    '/cms/privacy/requests/refuse',
    { config: admin, schema: { body: refuseDataRequestBodySchema, response: { 200: messageSchema } } },
    (request) => refuseDataRequest(db, principalOf(request), request.body, deps.now()),
  );

  app.get(
    '/cms/privacy/consents/get-all',
    { config: admin, schema: { querystring: consentRecordsQuerySchema, response: { 200: consentRecordsPageSchema } } },
    (request) => consentRecordsOf(db, chosenSubject(request.query), request.query.page, request.query.limit),
  );
  app.get(
    '/cms/privacy/consents/export',
    { config: admin, schema: { querystring: consentRecordsQuerySchema } },
    async (request, reply) => {
      const subject = chosenSubject(request.query);
      const { items } = await consentRecordsOf(db, subject, 1, 10_000);
      const rows = items.map((record) => [
        saoPauloTime.format(new Date(record.at)),
        consentPurposeLabels[record.purpose],
        record.version === null ? '' : String(record.version),
        record.given ? 'Autorizado' : 'Não autorizado',
        consentChannelLabels[record.channel],
        record.ipHash ?? '',
      ]);
      return sendExport(
        reply,
        sheetOf(
          'Consentimentos',
          ['Data (horário de Brasília)', 'Consentimento', 'Versão', 'Situação', 'Canal', 'Hash do IP'],
          rows,
        ),
        'csv',
        `consentimentos-${subject.id}`,
      );
    },
  );
}
