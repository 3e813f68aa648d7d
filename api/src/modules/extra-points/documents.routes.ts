import {
  addByDocumentsBodySchema,
  documentsAnswerSchema,
  formatCnpj,
  formatCpf,
  stripCnpj,
  stripCpf,
} from '@especifica/mf-shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { extraPointStores, professionals, stores } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../plugins/auth';
import { issuerOf } from '../ledger/service';
import { findCampaign, grant, professionalsIn, refuseClosed, shopkeepersOfStores } from './service';

const CHUNK = 10_000;

/** Looks the documents up in chunks (a bound list of 200,000 parameters is more than a statement takes). */
async function lookUp<T>(documents: string[], find: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < documents.length; start += CHUNK) {
    found.push(...(await find(documents.slice(start, start + CHUNK))));
  }
  return found;
}

// A pasted list of CPFs (a professionals' campaign) or CNPJs (a shopkeepers' campaign): one call gives the campaign
// to everyone the list names, and answers each entry that names nobody, so the admin can fix the list.
export async function extraPointDocumentRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.post(
    '/cms/points-extra/add-by-documents',
    {
      config: { guard: ['admin'] },
      // 200,000 CNPJs with their masks are about 4 MB of JSON.
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: addByDocumentsBodySchema, response: { 200: documentsAnswerSchema } },
    },
    async (request) => {
      const { idExtraPoint, documents } = request.body;
      const principal = principalOf(request);
      return db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, idExtraPoint);
        refuseClosed(campaign, deps.now(), campaign.audience);
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
            ids.length > 0 ? await grant(tx, campaign, professionalsIn(ids), 'admin', issuerOf(principal)) : 0;
          answer = {
            msg: `Pontos extras concedidos a ${added} profissionais.`,
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
            added = await grant(tx, campaign, shopkeepersOfStores(ids), 'store', issuerOf(principal));
          }
          answer = {
            msg: `Pontos extras concedidos a ${ids.length} lojas (${added} lojistas).`,
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
    },
  );
}
