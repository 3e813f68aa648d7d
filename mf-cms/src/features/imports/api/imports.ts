import { api, type Result } from '@especifica/mf-shared';
import type { Task } from '@especifica/mf-shared/contracts';

/** A bad row of the file: its line (the header is line 1) and why. */
export interface RowError {
  line: number;
  reason: string;
}

/** The bad rows of a file (up to the server's limit) and how many there were. */
export interface ImportRefusal {
  errors: RowError[];
  errorCount: number;
}

/**
 * Sends the CSV as a multipart form, reporting the upload's progress (0-1). The server stores it and answers 202
 * with the task that imports it (docs/jobs.md); the page follows the task.
 */
export function uploadImport(
  url: string,
  file: File,
  skipBadRows: boolean,
  onProgress: (fraction: number) => void,
): Promise<Result<Task>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.request<Task>({
    method: 'POST',
    url,
    params: skipBadRows ? { skipBadRows: true } : undefined,
    data: form,
    // A big catalogue takes a while to upload.
    timeout: 5 * 60_000,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
}

export interface ImportKind {
  /** The API route of the import. */
  url: string;
  /** The kind of its tasks: a page opened again asks for the one still running. */
  taskKind: 'import:stores' | 'import:products';
  /** The header and an example row of the template, separated by semicolons as a pt-BR spreadsheet writes. */
  template: { filename: string; header: string[]; example: string[] };
  /** Where the imported records are listed. */
  listPath: string;
  /** The i18n block of the kind's own texts (title, the toasts, the link). */
  texts: 'cmsStores.imports' | 'cmsProducts.imports';
}

export const storeImport: ImportKind = {
  url: '/cms/stores/import',
  taskKind: 'import:stores',
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
  taskKind: 'import:products',
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
