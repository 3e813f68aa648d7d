import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { parseFlag } from '../../files/csv-cells';
import { type ImportSpec, upsertByStatus } from '../../files/csv-import';
import { switchActive } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';

interface ProductRow {
  sku: string;
  name: string;
  brand: string | null;
  category: string | null;
  active: boolean | null;
}

/** Products by SKU (domain: stores and products); an empty cell keeps what the product already has. */
export const productImport: ImportSpec<ProductRow> = {
  columns: {
    sku: { aliases: ['sku', 'codigo', 'cod', 'code', 'referencia', 'ref'], required: true },
    nome: { aliases: ['nome', 'name', 'produto', 'descricao', 'description'], required: true },
    marca: { aliases: ['marca', 'brand', 'fabricante'], required: false },
    categoria: { aliases: ['categoria', 'category', 'linha'], required: false },
    active: { aliases: ['ativo', 'ativa', 'active', 'status'], required: false },
  },
  parse(values) {
    const sku = (values.sku ?? '').trim().toUpperCase();
    if (!sku) return { error: 'SKU em branco.' };
    if (sku.length > 60) return { error: 'SKU com mais de 60 caracteres.' };
    const name = (values.nome ?? '').trim();
    if (!name) return { error: 'Nome do produto em branco.' };
    if (name.length > 200) return { error: 'Nome do produto com mais de 200 caracteres.' };
    const active = parseFlag(values.active);
    if (active === 'invalid') return { error: `Situação inválida: ${values.active} (use sim ou não).` };
    const brand = values.marca?.trim().slice(0, 120) || null;
    const category = values.categoria?.trim().slice(0, 120) || null;
    return { value: { sku, name, brand, category, active } };
  },
  key: (row) => row.sku,
  upsert: (tx, batch) =>
    upsertByStatus(batch, (rows, status) =>
      tx.execute(sql`
        insert into products as p (sku, name, brand, category, active)
        select t.sku, t.name, coalesce(t.brand, ''), coalesce(t.category, ''), coalesce(t.active, true)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as t(sku text, name text, brand text, category text, active boolean)
        on conflict (sku) do update set name = excluded.name,
          -- A blank brand or category is '' only here: the parsed row's is null, never ''.
          brand = coalesce(nullif(excluded.brand, ''), p.brand),
          category = coalesce(nullif(excluded.category, ''), p.category),
          active = coalesce(${status}, p.active), updated_at = now()
        returning (xmax = 0) as created`),
    ),
};

export const changeProductStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, productTarget, id, active);

const productTarget = {
  table: products,
  entity: 'product',
  notFound: () => fail.notFound('Produto não encontrado.'),
};
