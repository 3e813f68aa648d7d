import { storeMessages } from '@especifica/mf-shared/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { isValidCnpj, normalizeCnpj } from '../../domain/cnpj';
import { parseFlag } from '../../files/csv-cells';
import { type ImportSpec, upsertByStatus } from '../../files/csv-import';
import { insertAudited, switchActive, updateAudited } from '../../kernel/audit';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { findStore } from './queries';

const UFS = new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface StoreRow {
  cnpj: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: Record<string, string>;
  active: boolean | null;
}

const addressColumns = {
  zipCode: ['cep', 'zipcode'],
  street: ['endereco', 'logradouro', 'rua', 'street'],
  number: ['numero', 'number', 'num'],
  complement: ['complemento', 'complement'],
  neighborhood: ['bairro', 'neighborhood'],
  city: ['cidade', 'municipio', 'city'],
  state: ['uf', 'estado', 'state'],
} as const;

/** Stores by CNPJ (domain: stores and products); an empty cell keeps what the store already has. */
export const storeImport: ImportSpec<StoreRow> = {
  columns: {
    cnpj: { aliases: ['cnpj'], required: true },
    nome: { aliases: ['nome', 'name', 'razaosocial', 'nomefantasia', 'loja'], required: true },
    email: { aliases: ['email'], required: false },
    phone: { aliases: ['telefone', 'fone', 'phone', 'celular'], required: false },
    active: { aliases: ['ativo', 'ativa', 'active', 'status'], required: false },
    ...Object.fromEntries(
      Object.entries(addressColumns).map(([name, aliases]) => [name, { aliases: [...aliases], required: false }]),
    ),
  },
  parse(values) {
    const cnpj = normalizeCnpj(values.cnpj ?? '');
    if (!cnpj) return { error: 'CNPJ em branco.' };
    if (!isValidCnpj(cnpj)) return { error: `CNPJ inválido: ${values.cnpj}.` };
    const name = (values.nome ?? '').trim();
    if (!name) return { error: 'Nome da loja em branco.' };
    if (name.length > 160) return { error: 'Nome da loja com mais de 160 caracteres.' };
    const email = values.email?.trim().toLowerCase() || null;
    if (email && (!EMAIL.test(email) || email.length > 254)) return { error: `E-mail inválido: ${values.email}.` };
    const phone = values.phone?.replace(/\D/g, '') || null;
    if (phone && !/^[1-9]{2}\d{8,9}$/.test(phone)) return { error: `Telefone inválido: ${values.phone}.` };
    const address: Record<string, string> = {};
    for (const key of Object.keys(addressColumns)) {
      const value = values[key]?.trim();
      if (value) address[key] = value.slice(0, 160);
    }
    if (address.state) {
      address.state = address.state.toUpperCase();
      if (!UFS.has(address.state)) return { error: `UF inválida: ${values.state}.` };
    }
    if (address.zipCode) {
      address.zipCode = address.zipCode.replace(/\D/g, '');
      if (address.zipCode.length !== 8) return { error: `CEP inválido: ${values.zipCode}.` };
    }
    const active = parseFlag(values.active);
    if (active === 'invalid') return { error: `Situação inválida: ${values.active} (use sim ou não).` };
    return { value: { cnpj, name, email, phone, address, active } };
  },
  key: (row) => row.cnpj,
  async upsert(tx, batch) {
    return upsertStores(tx, batch);
  },
};

function upsertStores(tx: Db, batch: StoreRow[]) {
  return upsertByStatus(batch, (rows, status) =>
    tx.execute(sql`
      insert into stores as s (cnpj, name, email, phone, address, active)
      select t.cnpj, t.name, t.email, t.phone, nullif(t.address, '{}'::jsonb), coalesce(t.active, true)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(cnpj text, name text, email text, phone text, address jsonb, active boolean)
      on conflict (cnpj) do update set name = excluded.name, email = coalesce(excluded.email, s.email),
        phone = coalesce(excluded.phone, s.phone),
        address = coalesce(s.address, '{}'::jsonb) || coalesce(excluded.address, '{}'::jsonb),
        active = coalesce(${status}, s.active), updated_at = now()
      returning (xmax = 0) as created`),
  );
}

type StoreForm = Omit<typeof stores.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

function cnpjTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict(storeMessages.cnpjTaken, 'store-cnpj-taken');
  throw error;
}

/** An admin creates a store (audited). */
export async function createStore(db: Db, actor: Principal, form: StoreForm) {
  return insertAudited(
    db,
    actor,
    { table: stores, entity: 'store', refuse: cnpjTaken },
    { ...form, email: form.email ?? null, phone: form.phone ?? null, address: form.address ?? null },
  );
}

/** An admin changes a store's data (audited, before and after). */
export async function updateStore(db: Db, actor: Principal, id: string, changes: Partial<StoreForm>) {
  return db.transaction(async (tx) => {
    const before = await findStore(tx, id);
    const after = await updateAudited(
      tx,
      actor,
      { table: stores, entity: 'store', refuse: cnpjTaken },
      before,
      changes,
    );
    return after ?? before;
  });
}

/** An admin switches a store on or off (audited). */
export const changeStoreStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, storeTarget, id, active);

const storeTarget = {
  table: stores,
  entity: 'store',
  notFound: () => fail.notFound(storeMessages.notFound),
};
