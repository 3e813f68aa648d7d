import { fakeApi, fakeTask, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationCard, TaskProgress, useDownload } from '../index';

const task = fakeTask;

jest.setTimeout(20_000);

describe('the task progress', () => {
  it('shows the rows done of the total with the percentage, as a progress bar', () => {
    renderPage(
      '/',
      ['/'],
      <TaskProgress task={task({ done: 12_500, total: 50_000, percent: 25 })} label="Exportação" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Exportação' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('task-progress')).toHaveTextContent('12.500 de 50.000 linhas (25%)');
  });

  it('says a queued task starts soon, and the rows alone while the total is not known', () => {
    renderPage('/', ['/'], <TaskProgress task={task({ state: 'queued' })} label="Importação" />);
    expect(screen.getByTestId('task-progress')).toHaveTextContent('Na fila: começa em instantes…');
    renderPage('/', ['/'], <TaskProgress task={task({ done: 3000 })} label="Importação" />);
    expect(screen.getByTestId('task-progress')).toHaveTextContent('3.000 linhas processadas…');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('draws nothing once the task has ended', () => {
    renderPage('/', ['/'], <TaskProgress task={task({ state: 'done', percent: 100 })} label="Importação" />);
    expect(screen.queryByTestId('task-progress')).toBeNull();
  });
});

function Exporter() {
  const download = useDownload();
  return (
    <>
      <button type="button" onClick={() => void download.start('/cms/audit/get-all', { format: 'csv' }, 'auditoria')}>
        Exportar
      </button>
      <output data-testid="progress">{String(download.progress)}</output>
    </>
  );
}

describe('a download answered with a task (202)', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('follows the task, showing its percentage, then downloads the file it wrote', async () => {
    const saved: string[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob.type);
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    let reads = 0;
    const sent = fakeApi({
      'GET /cms/audit/get-all': [202, new Blob([JSON.stringify(task({ state: 'queued' }))])],
      'GET /tasks/t1': () => {
        reads += 1;
        return [
          200,
          reads === 1
            ? task({ done: 5000, total: 20_000, percent: 25 })
            : task({
                state: 'done',
                done: 20_000,
                total: 20_000,
                percent: 100,
                file: { name: 'auditoria.csv', rows: 20_000, bytes: 10 },
              }),
        ];
      },
      'GET /tasks/t1/file': [200, new Blob(['"Quando"\r\n'], { type: 'text/csv' })],
    });
    renderPage('/', ['/'], <Exporter />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(screen.getByTestId('progress')).toHaveTextContent('0.25'), { timeout: 5000 });
    expect(toasts.shown[0]?.message).toContain('mais de 10.000 linhas');
    await waitFor(() => expect(sent.map((call) => call.url)).toContain('/tasks/t1/file'), { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('progress')).toHaveTextContent('null'));
    expect(saved).toEqual(['text/csv']);
  });

  it('toasts why the task failed and downloads nothing', async () => {
    const sent = fakeApi({
      'GET /cms/audit/get-all': [202, new Blob([JSON.stringify(task({ state: 'queued' }))])],
      'GET /tasks/t1': [
        200,
        task({ state: 'failed', error: 'Não foi possível concluir a tarefa. Tente de novo em alguns minutos.' }),
      ],
    });
    renderPage('/', ['/'], <Exporter />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(
      () =>
        expect(toasts.shown.map((toast) => toast.message)).toContain(
          'Não foi possível concluir a tarefa. Tente de novo em alguns minutos.',
        ),
      { timeout: 5000 },
    );
    expect(sent.map((call) => call.url)).not.toContain('/tasks/t1/file');
    expect(within(document.body).getByTestId('progress')).toHaveTextContent('null');
  });
});

describe('the notification of a task', () => {
  const notification = (data: Record<string, unknown>) => ({
    id: 'n1',
    type: 'task',
    title: 'Exportação pronta',
    message: 'O arquivo auditoria.csv (20.000 linhas) pode ser baixado por 7 dias.',
    data,
    read: true,
    createdAt: '2026-11-29T08:00:00.000Z',
  });

  it('downloads the file of an export that is done', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const sent = fakeApi({ 'GET /tasks/t1/file': [200, new Blob(['"Quando"\r\n'], { type: 'text/csv' })] });
    renderPage(
      '/',
      ['/'],
      <ul>
        <NotificationCard
          item={notification({ taskId: 't1', kind: 'export:audit', state: 'done' })}
          reading={false}
          onRead={() => undefined}
        />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Baixar arquivo' }));
    await waitFor(() => expect(sent.map((call) => call.url)).toEqual(['/tasks/t1/file']));
  });

  it('offers nothing for an import, or an export that failed', () => {
    for (const data of [
      { taskId: 't1', kind: 'import:products', state: 'done' },
      { taskId: 't1', kind: 'export:audit', state: 'failed' },
    ]) {
      renderPage(
        '/',
        ['/'],
        <ul>
          <NotificationCard item={notification(data)} reading={false} onRead={() => undefined} />
        </ul>,
      );
      expect(screen.queryByRole('button', { name: 'Baixar arquivo' })).toBeNull();
    }
  });
});
