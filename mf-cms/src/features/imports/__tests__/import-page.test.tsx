import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeImport, templateText } from '../api/imports';
import { ProductImportPage, StoreImportPage, TOAST_GAP_MS } from '../components/import-page';

const csv = (text: string, name = 'lojas.csv') => new File([text], name, { type: 'text/csv' });
const refusal = [
  422,
  {
    msg: 'Uma linha tem erro: nada foi importado. Corrija o arquivo ou importe ignorando as linhas com erro.',
    code: 'import-invalid',
    data: { errorCount: 1, errors: [{ line: 3, reason: 'CNPJ inválido: 11.222.333/0001-82.' }] },
  },
] as [number, unknown];

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

  it('lists each bad row with its line and reason, then imports skipping them with the toasts one second apart', async () => {
    const sent = fakeApi({
      '/cms/stores/import': (_body, params) =>
        params.skipBadRows
          ? [
              200,
              {
                msg: 'Importado com sucesso!',
                created: 2,
                updated: 1,
                skipped: 1,
                errors: [{ line: 3, reason: 'CNPJ inválido: 11.222.333/0001-82.' }],
                errorCount: 1,
              },
            ]
          : refusal,
    });
    renderPage('/cms/shopkeepers/import', ['/cms/shopkeepers/import'], <StoreImportPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha o arquivo CSV.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await choose(csv('cnpj;nome\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    const refused = await screen.findByTestId('import-refused');
    expect(within(refused).getByRole('alert')).toHaveTextContent('Uma linha tem erro: nada foi importado.');
    const row = within(refused).getByText('CNPJ inválido: 11.222.333/0001-82.').closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(sent[0]?.body).toBeInstanceOf(FormData);
    expect((sent[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(sent[0]?.params).toBeUndefined();
    expect(toasts.shown).toHaveLength(0);

    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Importar ignorando a linha com erro' }));
    const done = await screen.findByTestId('import-done');
    expect(sent[1]?.params).toEqual({ skipBadRows: true });
    expect(within(done).getByText('Lojas criadas').nextSibling).toHaveTextContent('2');
    expect(within(done).getByText('Lojas atualizadas').nextSibling).toHaveTextContent('1');
    expect(within(done).getByText('CNPJ inválido: 11.222.333/0001-82.')).toBeInTheDocument();
    expect(toasts.shown.map((t) => t.message)).toEqual(['Lojas criadas: 2']);
    await waitFor(
      () => expect(toasts.shown.map((t) => t.message)).toEqual(['Lojas criadas: 2', 'Lojas atualizadas: 1']),
      {
        timeout: 3000,
      },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOAST_GAP_MS - 50);
    expect(within(done).getByRole('link', { name: 'Ver as lojas' })).toHaveAttribute('href', '/cms/shopkeepers');
  });

  it('shows a refusal of the whole file (missing columns) without offering to skip rows', async () => {
    fakeApi({
      '/products/import': [
        400,
        { msg: 'O arquivo precisa das colunas: sku, nome.', code: 'csv-missing-columns', data: { missing: ['sku'] } },
      ],
    });
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    expect(screen.getByRole('heading', { name: 'Importar produtos', level: 1 })).toBeInTheDocument();
    await choose(csv('codigo;x\n', 'produtos.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo precisa das colunas: sku, nome.');
    expect(screen.queryByRole('button', { name: /ignorando/ })).toBeNull();
  });

  it('refuses a file that is not CSV before sending it', async () => {
    const sent = fakeApi({});
    renderPage('/cms/products/import', ['/cms/products/import'], <ProductImportPage />);
    await userEvent.upload(screen.getByLabelText('Arquivo CSV'), new File(['x'], 'foto.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Este tipo de arquivo não é aceito. Envie CSV.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha o arquivo CSV.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('gives a template with the columns the import reads', async () => {
    const [header, example] = templateText(storeImport).split('\r\n');
    expect(header).toBe('cnpj;nome;email;telefone;cep;endereco;numero;complemento;bairro;cidade;uf;ativo');
    expect(example?.split(';')).toHaveLength(12);
  });
});
