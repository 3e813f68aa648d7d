import type { Task } from '@especifica/mf-shared/contracts';
import { fakeApi, fakeTask, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeImport, templateText } from '../api/imports';
import { ProductImportPage, StoreImportPage, TOAST_GAP_MS } from '../components/import-page';

const csv = (text: string, name = 'lojas.csv') => new File([text], name, { type: 'text/csv' });
const badRow = { line: 3, reason: 'CNPJ inválido: 11.222.333/0001-82.' };
const task = (id: string, changes: Partial<Task>): Task =>
  fakeTask({ id, kind: 'import:stores', state: 'queued', ...changes });
const counts = (changes: Partial<NonNullable<Task['counts']>>) => ({
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  errorCount: 0,
  ...changes,
});
/** The answers of GET /tasks/:id, one per read, the last one repeated. */
const reads = (...answers: Task[]) => {
  let next = 0;
  return () => [200, answers[Math.min(next++, answers.length - 1)]] as [number, unknown];
};
const noneRunning: [number, unknown] = [200, { items: [] }];

async function choose(file: File) {
  await userEvent.upload(screen.getByLabelText('Arquivo CSV'), file);
}

jest.setTimeout(20_000);

describe('the import screens', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('follows the import’s task (rows and percent), lists the bad rows, then imports skipping them, toasts one second apart', async () => {
    const sent = fakeApi({
      'GET /tasks': noneRunning,
      'POST /cms/stores/import': (_body, params) => [202, task(params.skipBadRows ? 't2' : 't1', {})],
      'GET /tasks/t1': reads(
        task('t1', { state: 'running', done: 1, total: 3, percent: 33 }),
        task('t1', {
          state: 'failed',
          error: 'Uma linha tem erro: nada foi importado. Corrija o arquivo ou importe ignorando as linhas com erro.',
          counts: counts({ errors: [badRow], errorCount: 1 }),
        }),
      ),
      'GET /tasks/t2': [
        200,
        task('t2', {
          state: 'done',
          done: 3,
          total: 3,
          percent: 100,
          counts: counts({ created: 2, updated: 1, skipped: 1, errors: [badRow], errorCount: 1 }),
        }),
      ],
    });
    const posts = () => sent.filter((call) => call.method === 'post');
    renderPage('/cms/shopkeepers/import', ['/cms/shopkeepers/import'], <StoreImportPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha o arquivo CSV.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await choose(csv('cnpj;nome\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const progress = await screen.findByTestId('task-progress');
    expect(within(progress).getByRole('progressbar', { name: 'Progresso da importação' })).toBeInTheDocument();
    await waitFor(() => expect(progress).toHaveTextContent('1 de 3 linhas (33%)'), { timeout: 5000 });
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

    const refused = await screen.findByTestId('import-refused', {}, { timeout: 5000 });
    expect(screen.queryByTestId('task-progress')).toBeNull();
    expect(within(refused).getByRole('alert')).toHaveTextContent('Uma linha tem erro: nada foi importado.');
    const row = within(refused).getByText('CNPJ inválido: 11.222.333/0001-82.').closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(posts()[0]?.body).toBeInstanceOf(FormData);
    expect((posts()[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(posts()[0]?.params).toBeUndefined();
    expect(toasts.shown).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Importar ignorando a linha com erro' }));
    const done = await screen.findByTestId('import-done', {}, { timeout: 5000 });
    const started = Date.now();
    expect(posts()[1]?.params).toEqual({ skipBadRows: true });
    expect(within(done).getByText('Lojas criadas').nextSibling).toHaveTextContent('2');
    expect(within(done).getByText('Lojas atualizadas').nextSibling).toHaveTextContent('1');
    expect(within(done).getByText('CNPJ inválido: 11.222.333/0001-82.')).toBeInTheDocument();
    expect(toasts.shown.map((t) => t.message)).toEqual(['Lojas criadas: 2']);
    await waitFor(
      () => expect(toasts.shown.map((t) => t.message)).toEqual(['Lojas criadas: 2', 'Lojas atualizadas: 1']),
      { timeout: 3000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOAST_GAP_MS - 100);
    expect(within(done).getByRole('link', { name: 'Ver as lojas' })).toHaveAttribute('href', '/cms/shopkeepers');
  });

  it('picks up, when opened again, the import still running and shows it to its end', async () => {
    const sent = fakeApi({
      'GET /tasks': [
        200,
        { items: [task('t3', { kind: 'import:products', state: 'running', done: 2000, total: 8000, percent: 25 })] },
      ],
      'GET /tasks/t3': [
        200,
        task('t3', {
          kind: 'import:products',
          state: 'done',
          done: 8000,
          total: 8000,
          percent: 100,
          counts: counts({ created: 8000 }),
        }),
      ],
    });
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    expect(await screen.findByTestId('task-progress')).toHaveTextContent('2.000 de 8.000 linhas (25%)');
    expect(sent.find((call) => call.url === '/tasks')?.params).toEqual({ kind: 'import:products' });
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDisabled();
    const done = await screen.findByTestId('import-done', {}, { timeout: 5000 });
    expect(within(done).getByText('Produtos criados').nextSibling).toHaveTextContent('8.000');
    // The toast writes the count as the figure does.
    expect(toasts.shown.map((t) => t.message)).toContain('Produtos criados: 8.000');
  });

  it('shows a refusal of the whole file (missing columns) without offering to skip rows', async () => {
    fakeApi({
      'GET /tasks': noneRunning,
      'POST /products/import': [202, task('t4', { kind: 'import:products' })],
      'GET /tasks/t4': [
        200,
        task('t4', { kind: 'import:products', state: 'failed', error: 'O arquivo precisa das colunas: sku, nome.' }),
      ],
    });
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    expect(screen.getByRole('heading', { name: 'Importar produtos', level: 1 })).toBeInTheDocument();
    await choose(csv('codigo;x\n', 'produtos.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'O arquivo precisa das colunas: sku, nome.',
    );
    expect(screen.queryByRole('button', { name: /ignorando/ })).toBeNull();
  });

  it('shows a refusal of the upload itself (too large) as it came', async () => {
    fakeApi({
      'GET /tasks': noneRunning,
      'POST /products/import': [413, { msg: 'O arquivo passa do tamanho máximo de 64 MB.', code: 'payload-too-large' }],
    });
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    await choose(csv('sku;nome\n', 'produtos.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo passa do tamanho máximo de 64 MB.');
  });

  it('refuses a file that is not CSV before sending it', async () => {
    const sent = fakeApi({ 'GET /tasks': noneRunning });
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    await userEvent.upload(screen.getByLabelText('Arquivo CSV'), new File(['x'], 'foto.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Este tipo de arquivo não é aceito. Envie CSV.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha o arquivo CSV.')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'post')).toHaveLength(0);
  });

  it('gives a template with the columns the import reads', async () => {
    const [header, example] = templateText(storeImport).split('\r\n');
    expect(header).toBe('cnpj;nome;email;telefone;cep;endereco;numero;complemento;bairro;cidade;uf;ativo');
    expect(example?.split(';')).toHaveLength(12);
  });
});
