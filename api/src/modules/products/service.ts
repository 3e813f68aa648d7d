import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products } from '../../db/schema';
import { parseFlag } from '../../files/csv-cells';
import type { ImportSpec } from '../../files/csv-import';
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
  async upsert(tx, batch) {
    const rows = sql`jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
      as t(sku text, name text, brand text, category text, active boolean)`;
    const updated = rowsOf<{ sku: string }>(
      await tx.execute(sql`
        update products p set name = t.name, brand = coalesce(t.brand, p.brand),
          category = coalesce(t.category, p.category), active = coalesce(t.active, p.active), updated_at = now()
        from ${rows} where p.sku = t.sku
        returning p.sku`),
    );
    const created = rowsOf<{ sku: string }>(
      await tx.execute(sql`
        insert into products (sku, name, brand, category, active)
        select t.sku, t.name, coalesce(t.brand, ''), coalesce(t.category, ''), coalesce(t.active, true)
        from ${rows} where not exists (select 1 from products p where p.sku = t.sku)
        on conflict (sku) do nothing
        returning sku`),
    );
    return { created: created.length, updated: updated.length };
  },
};

export const changeProductStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, productTarget, id, active);

const productTarget = {
  table: products,
  entity: 'product',
  notFound: () => fail.notFound('Produto não encontrado.'),
};
