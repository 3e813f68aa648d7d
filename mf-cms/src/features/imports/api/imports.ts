import { api, type Result } from '@especifica/mf-shared';
import type { ImportResult } from '@especifica/mf-shared/contracts';

/** A bad row of the file: its line (the header is line 1) and why. */
export interface RowError {
  line: number;
  reason: string;
}

/** What a 422 of an import carries: every bad row (up to the server's limit) and how many there were. */
export interface ImportRefusal {
  errors: RowError[];
  errorCount: number;
}

export function refusalOf(data: unknown): ImportRefusal | null {
  const value = data as Partial<ImportRefusal> | null | undefined;
  return value && Array.isArray(value.errors) && typeof value.errorCount === 'number'
    ? { errors: value.errors, errorCount: value.errorCount }
    : null;
}

/** Sends the CSV as a multipart form, reporting the upload's progress (0-1). */
export function uploadImport(
  url: string,
  file: File,
  skipBadRows: boolean,
  onProgress: (fraction: number) => void,
): Promise<Result<ImportResult>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.request<ImportResult>({
    method: 'POST',
    url,
    params: skipBadRows ? { skipBadRows: true } : undefined,
    data: form,
    // A big catalogue takes a while to read on the server after the upload ends.
    timeout: 5 * 60_000,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
}

export interface ImportKind {
  /** The API route of the import. */
  url: string;
  /** The header and an example row of the template, separated by semicolons as a pt-BR spreadsheet writes. */
  template: { filename: string; header: string[]; example: string[] };
  /** Where the imported records are listed. */
  listPath: string;
  /** The i18n block of the kind's own texts (title, the toasts, the link). */
  texts: 'cmsStores.imports' | 'cmsProducts.imports';
}

export const storeImport: ImportKind = {
  url: '/cms/stores/import',
  template: {
    filename: 'modelo-lojas.csv',
    header: [
      'cnpj',
      'nome',
      'email',
      'telefone',
      'cep',
      'endereco',
      'numero',
      'complemento',
      'bairro',
      'cidade',
      'uf',
      'ativo',
    ],
    example: [
      '11.222.333/0001-81',
      'Casa & Acabamento Exemplo',
      'contato@exemplo.com.br',
      '(11) 3333-4444',
      '01310-100',
      'Avenida Paulista',
      '1000',
      'Loja 2',
      'Bela Vista',
      'São Paulo',
      'SP',
      'sim',
    ],
  },
  listPath: '/cms/shopkeepers',
  texts: 'cmsStores.imports',
};

export const productImport: ImportKind = {
  url: '/products/import',
  template: {
    filename: 'modelo-produtos.csv',
    header: ['sku', 'nome', 'marca', 'categoria', 'ativo'],
    example: ['PORC-6060-BR', 'Porcelanato Polido 60x60 Branco', 'Portobello', 'Revestimentos', 'sim'],
  },
  listPath: '/cms/products/list',
  texts: 'cmsProducts.imports',
};

/** The template's text: one header line and one example line, separated by semicolons. */
export function templateText(kind: ImportKind): string {
  const quote = (cell: string) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = [kind.template.header, kind.template.example].map((row) => row.map(quote).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}

/** The template as a spreadsheet opens it: UTF-8 with a BOM, so Excel reads the accents. */
export const templateOf = (kind: ImportKind): Blob =>
  new Blob([`\uFEFF${templateText(kind)}`], { type: 'text/csv;charset=utf-8' });
