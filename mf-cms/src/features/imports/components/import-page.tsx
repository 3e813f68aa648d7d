import { toasts } from '@especifica/mf-shared';
import type { ApiError, Task } from '@especifica/mf-shared/contracts';
import { DownloadIcon } from '@especifica/mf-shared/controls';
import { FileDrop } from '@especifica/mf-shared/forms';
import {
  currentTask,
  PageLayout,
  ProgressBar,
  saveFile,
  TaskProgress,
  taskEnded,
  useNarrow,
  useTask,
} from '@especifica/mf-shared/kit';
import { DataTable, defineColumns, useColumns } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { useEffect, useRef, useState } from 'react';
import {
  type ImportKind,
  type ImportRefusal,
  productImport,
  type RowError,
  storeImport,
  templateOf,
  uploadImport,
} from '../api/imports';

const MAX_BYTES = 64 * 1024 * 1024;
/** Spec 9: the created and the updated counts, one second apart. */
export const TOAST_GAP_MS = 1000;

type Counts = NonNullable<Task['counts']>;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number; skipBadRows: boolean }
  | { kind: 'refused'; error: ApiError }
  /** The server took the file: its task imports it (docs/jobs.md), followed until it ends. */
  | { kind: 'task'; task: Task };

/** /cms/shopkeepers/import */
export function StoreImportPage() {
  return <ImportPage kind={storeImport} />;
}

/** /cms/products/import */
export function ProductImportPage() {
  return <ImportPage kind={productImport} />;
}

/**
 * A CSV import: the template, the file, the upload's progress, then the task's (rows imported of the file's, kept
 * across a reload), then the counts (the spec's toasts, one second apart) or every bad row with its line and
 * reason, and the choice to import the good rows only.
 */
function ImportPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const own = (key: string, values?: Record<string, unknown>) => t(`${kind.texts}.${key}`, values);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);
  // A page opened again (a reload) follows the import still running, or shows the one just ended.
  useEffect(() => {
    let current = true;
    void currentTask(kind.taskKind).then((task) => {
      if (current && task) setOutcome((now) => (now.kind === 'idle' ? { kind: 'task', task } : now));
    });
    return () => {
      current = false;
    };
  }, [kind.taskKind]);
  const task = useTask(outcome.kind === 'task' ? outcome.task : null);
  // The counts are toasted once, for an import seen running here (not for one found ended on opening the page).
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (task && !taskEnded(task)) followed.current = task.id;
    if (task?.state !== 'done' || !task.counts || followed.current !== task.id) return;
    followed.current = null;
    const { created, updated } = task.counts;
    // Written as the figures below them are: "Produtos criados: 12.000".
    toasts.success(own('created', { count: created.toLocaleString('pt-BR') }));
    clearTimeout(later.current);
    later.current = setTimeout(
      () => toasts.success(own('updated', { count: updated.toLocaleString('pt-BR') })),
      TOAST_GAP_MS,
    );
  });

  const send = async (skipBadRows: boolean) => {
    if (!file) {
      setFileError(t('cmsStores.importer.fileRequired'));
      return;
    }
    setOutcome({ kind: 'sending', progress: 0, skipBadRows });
    const [result, error] = await uploadImport(kind.url, file, skipBadRows, (progress) =>
      setOutcome({ kind: 'sending', progress, skipBadRows }),
    );
    if (error) {
      setOutcome({ kind: 'refused', error });
      return;
    }
    setOutcome(result ? { kind: 'task', task: result } : { kind: 'idle' });
  };

  const running = task !== null && !taskEnded(task);
  const sending = outcome.kind === 'sending' || running;
  return (
    <PageLayout
      title={own('title')}
      description={own('description')}
      breadcrumb={[{ label: own('list'), href: kind.listPath }, { label: own('title') }]}
      width="narrow"
    >
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Body gap="4">
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Box flex="1" minW="min(100%, 240px)">
                <Heading as="h2" fontSize="lg">
                  {t('cmsStores.importer.templateTitle')}
                </Heading>
                <Text color="muted" fontSize="sm">
                  {t('cmsStores.importer.templateHint', { columns: kind.template.header.join(', ') })}
                </Text>
              </Box>
              <Button variant="outline" onClick={() => saveFile(templateOf(kind), kind.template.filename)}>
                <DownloadIcon aria-hidden="true" />
                {t('cmsStores.importer.template')}
              </Button>
            </HStack>
            <FileDrop
              label={t('cmsStores.importer.file')}
              accept={['.csv', 'text/csv']}
              maxBytes={MAX_BYTES}
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                setFileError(undefined);
                setOutcome({ kind: 'idle' });
              }}
              onReject={(message) => {
                setFile(null);
                setFileError(message);
              }}
              error={fileError}
              helper={t('cmsStores.importer.fileHint')}
              name="file"
            />
            <Button
              colorPalette="primary"
              alignSelf="flex-start"
              loading={outcome.kind === 'sending' && !outcome.skipBadRows}
              disabled={sending}
              onClick={() => void send(false)}
            >
              {t('cmsStores.importer.send')}
            </Button>
            {outcome.kind === 'sending' && (
              <Stack gap="1">
                <ProgressBar value={outcome.progress * 100} label={t('cmsStores.importer.progress')} />
                <Text fontSize="sm" color="muted" aria-live="polite">
                  {outcome.progress < 1
                    ? t('cmsStores.importer.uploading', { percent: Math.round(outcome.progress * 100) })
                    : t('cmsStores.importer.reading')}
                </Text>
              </Stack>
            )}
            {task && running && <TaskProgress task={task} label={t('cmsStores.importer.importing')} />}
          </Card.Body>
        </Card.Root>
        {outcome.kind === 'refused' && <Refused error={outcome.error} rows={null} onSkip={() => void send(true)} />}
        {task?.state === 'failed' && (
          <Refused
            error={{ msg: task.error ?? '' }}
            rows={task.counts && task.counts.errorCount > 0 ? task.counts : null}
            onSkip={() => void send(true)}
          />
        )}
        {outcome.kind === 'sending' && outcome.skipBadRows && (
          <Text color="muted">{t('cmsStores.importer.skipping')}</Text>
        )}
        {task?.state === 'done' && task.counts && <Done result={task.counts} kind={kind} />}
      </Stack>
    </PageLayout>
  );
}

function Refused({ error, rows, onSkip }: { error: ApiError; rows: ImportRefusal | null; onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="import-refused">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{error.msg}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
      {rows && (
        <>
          <BadRows rows={rows.errors} total={rows.errorCount} title={t('cmsStores.importer.badRows')} />
          <Button colorPalette="primary" variant="outline" alignSelf="flex-start" onClick={onSkip}>
            {t('cmsStores.importer.skip', { count: rows.errorCount })}
          </Button>
        </>
      )}
    </Stack>
  );
}

function Done({ result, kind }: { result: Counts; kind: ImportKind }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="import-done">
      <Heading as="h2" fontSize="lg">
        {t('cmsStores.importer.resultTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Figure label={t(`${kind.texts}.createdLabel`)} value={result.created} />
        <Figure label={t(`${kind.texts}.updatedLabel`)} value={result.updated} />
        <Figure label={t('cmsStores.importer.skippedLabel')} value={result.skipped} />
      </SimpleGrid>
      {result.errors.length > 0 && (
        <BadRows rows={result.errors} total={result.errorCount} title={t('cmsStores.importer.skippedRows')} />
      )}
      <Link asChild color="brand" alignSelf="flex-start">
        <RouterLink to={kind.listPath}>{t(`${kind.texts}.open`)}</RouterLink>
      </Link>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Text fontSize="sm" color="muted">
          {label}
        </Text>
        <Text fontSize="xxl" fontWeight="bold">
          {value.toLocaleString('pt-BR')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** A refused row of the file: its line and why. */
const badRowColumns = defineColumns<RowError>('cmsStores.importer', [
  { key: 'line', numeric: true },
  { key: 'reason', header: 'cmsStores.importer.reason' },
]);

function BadRows({ rows, total, title }: { rows: RowError[]; total: number; title: string }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const columns = useColumns(badRowColumns);
  return (
    <Stack gap="2">
      <Heading as="h3" fontSize="md">
        {title}
      </Heading>
      <DataTable columns={columns} rows={rows} rowId={(row) => String(row.line)} cards={narrow} caption={title} />
      {total > rows.length && (
        <Text fontSize="sm" color="muted">
          {t('cmsStores.importer.moreRows', { count: total - rows.length })}
        </Text>
      )}
    </Stack>
  );
}
