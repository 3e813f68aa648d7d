import {
  isValidCpf,
  type ProfessionalLookup,
  professionalLookupMessages,
  stripCpf,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionals, stores, storeUsers } from '../../db/schema';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';

export const storeNotFound = () =>
  fail.notFound(
    'Não encontramos uma loja participante com este CNPJ. Confira o número ou fale com a sua loja.',
    'store-not-found',
  );

/** An active store by its CNPJ or id: the only ones a shopkeeper may sign up to. */
export async function activeStore(db: Db, by: { cnpj: string } | { id: string }) {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, cnpj: stores.cnpj })
    .from(stores)
    .where(and('cnpj' in by ? eq(stores.cnpj, by.cnpj) : eq(stores.id, by.id), eq(stores.active, true)));
  if (!store) throw storeNotFound();
  return store;
}

export const isConsultant = eq(storeUsers.shopkeeperType, 'consultant');

/** A page of consultants (shopkeepers of type consultant) with their store. */
export function consultantsPage(db: Db, where: SQL | undefined, query: ListPageQuery<'name' | 'email' | 'createdAt'>) {
  return listPage(
    query,
    {
      rows: db
        .select({ user: storeUsers, store: { id: stores.id, name: stores.name, cnpj: stores.cnpj } })
        .from(storeUsers)
        .innerJoin(stores, eq(stores.id, storeUsers.storeId))
        .$dynamic(),
      count: db.select({ total: count() }).from(storeUsers).$dynamic(),
      where: [where],
      order: [desc(storeUsers.createdAt), storeUsers.id],
      sortable: { name: storeUsers.name, email: storeUsers.email, createdAt: storeUsers.createdAt },
      id: storeUsers.id,
    },
    ({ user, store }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      cpf: user.cpf,
      cellphone: user.cellphone,
      active: user.active,
      store,
      createdAt: user.createdAt.toISOString(),
    }),
  );
}

export async function consultantById(db: Db, id: string) {
  const [item] = (await consultantsPage(db, and(isConsultant, eq(storeUsers.id, id)), { limit: 1, page: 1 })).items;
  if (!item) throw fail.notFound('Consultor não encontrado.');
  return item;
}

/** A shopkeeper's whole row, for their own profile. */
export async function shopkeeperRow(db: Db, id: string) {
  const [row] = await db.select().from(storeUsers).where(eq(storeUsers.id, id));
  return row ?? null;
}

/**
 * The professional a seller means by a CPF or an e-mail: an active one, and only the id and the name, which the
 * seller confirms before sending the sale. Anything else (an unknown, a pending or a removed account) is not found.
 */
export async function professionalForSale(db: Db, search: string): Promise<ProfessionalLookup> {
  const byEmail = search.includes('@');
  if (!byEmail && !isValidCpf(search)) throw fail.field('search', professionalLookupMessages.invalid);
  const [found] = await db
    .select({ id: professionals.id, name: professionals.name })
    .from(professionals)
    .where(
      and(
        byEmail ? eq(professionals.email, search.toLowerCase()) : eq(professionals.cpf, stripCpf(search)),
        eq(professionals.status, 'active'),
      ),
    );
  if (!found) throw fail.notFound(professionalLookupMessages.notFound);
  return found;
}
