import {
  type ConsentRecord,
  type HeldItem,
  type MarketingConsent,
  type OwnDataRequest,
  requestDeletionBodySchema,
  type StatementForm,
  statementQuerySchema,
  type Task,
} from '@especifica/mf-shared/contracts';
import { Checkbox, useConfirm } from '@especifica/mf-shared/controls';
import { DeclaredForm, defineForm, useForm, zodResolver } from '@especifica/mf-shared/forms';
import {
  CardSection,
  formatDate,
  formatDateTime,
  LoadingState,
  PageLayout,
  QueryView,
  StateBadge,
  TaskProgress,
  taskEnded,
  useApiMutation,
  useApiQuery,
  useDownload,
  useTask,
} from '@especifica/mf-shared/kit';
import { Box, Button, Heading, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import {
  copiesKey,
  getCopies,
  getPrivacyData,
  privacyKey,
  requestCopy,
  requestDeletion,
  updateConsent,
} from '../api/privacy';

/**
 * /privacy ("Privacidade e dados", in the user menu): what the programme holds about the person, item by item, with
 * its purpose and legal basis; when they accepted each version of the regulation and of the privacy policy; and their
 * marketing consents, each switched with one click (a new record each time: docs/privacy.md).
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const query = useApiQuery(privacyKey, getPrivacyData, { silent: true });
  return (
    <PageLayout title={t('privacy.title')} width="narrow">
      <Text color="muted" mb="6">
        {t('privacy.intro')}
      </Text>
      <QueryView query={query} loading={<LoadingState rows={10} />}>
        {(data) => (
          <Stack gap="6">
            <Held items={data.items} />
            <Marketing consents={data.marketing} />
            <Acceptances records={data.acceptances} />
            <Copy />
            <Statement />
            <Deletion requests={data.requests} />
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

function Held({ items }: { items: HeldItem[] }) {
  const { t } = useTranslation();
  return (
    <CardSection title={t('privacy.heldTitle')}>
      <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <Box as="li" key={item.key} data-testid="privacy-item" borderBottomWidth="1px" borderColor="border" pb="3">
            <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" mb="1">
              <Heading as="h3" fontSize="md">
                {item.label}
              </Heading>
              <StateBadge concept="legalBasis" state={item.basis} />
            </Stack>
            <Text>{item.detail}</Text>
            <Text fontSize="sm" color="muted">
              {item.purpose}
            </Text>
          </Box>
        ))}
      </Stack>
    </CardSection>
  );
}

/** "Baixar meus dados": asks for the copy, follows its job, and downloads the newest one while it is kept. */
function Copy() {
  const { t } = useTranslation();
  const copies = useApiQuery(copiesKey, getCopies, { silent: true });
  const [started, setStarted] = useState<Task | null>(null);
  const request = useApiMutation(requestCopy, { invalidates: [copiesKey] });
  const newest = started ?? copies.data?.items[0] ?? null;
  const task = useTask(newest && !taskEnded(newest) ? newest : null);
  const download = useDownload();
  const ready = [task, newest].find((candidate) => candidate?.state === 'done' && candidate.file) ?? null;
  const running = task && !taskEnded(task) ? task : null;
  return (
    <CardSection title={t('privacy.copyTitle')}>
      <Stack gap="4">
        <Text>{t('privacy.copyIntro')}</Text>
        {running && <TaskProgress task={running} label={t('privacy.copyRunning')} />}
        {ready?.file && ready.expiresAt && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }} data-testid="copy-ready">
            <Button
              colorPalette="primary"
              loading={download.progress !== null}
              onClick={() => void download.start(`/tasks/${ready.id}/file`, {}, ready.file?.name ?? 'meus-dados.zip')}
            >
              {t('privacy.copyDownload')}
            </Button>
            <Text fontSize="sm" color="muted">
              {t('privacy.copyKept', {
                date: formatDateTime(ready.finishedAt ?? ready.createdAt),
                until: formatDate(ready.expiresAt),
              })}
            </Text>
          </Stack>
        )}
        {task?.state === 'failed' && <Text color="error">{task.error}</Text>}
        <Button
          variant={ready ? 'outline' : 'solid'}
          colorPalette="primary"
          alignSelf="flex-start"
          disabled={Boolean(running)}
          loading={request.isPending}
          onClick={async () => {
            const [answer] = await request.run();
            if (answer) setStarted(answer);
          }}
        >
          {t(ready ? 'privacy.copyAgain' : 'privacy.copyRequest')}
        </Button>
      </Stack>
    </CardSection>
  );
}

type StatementValues = StatementForm;

const statementForm = defineForm<StatementValues>({
  labels: 'privacy.statement',
  fields: [
    [
      { name: 'from', type: 'date' },
      { name: 'to', type: 'date' },
    ],
    { name: 'format', type: 'select', options: ['pdf', 'csv'], optionLabels: 'privacy.statement.formats' },
  ],
  submit: 'privacy.statement.submit',
});

/** "Declaração de benefícios": every benefit of a period (points, seats), as a PDF or a CSV to hand to a client. */
function Statement() {
  const { t } = useTranslation();
  const download = useDownload();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const form = useForm<StatementValues>({
    resolver: zodResolver(statementQuerySchema),
    defaultValues: { from: `${today.slice(0, 4)}-01-01`, to: today, format: 'pdf' },
  });
  const submit = async (values: StatementValues) => {
    await download.start(
      '/professionals/privacy/statement',
      values,
      `declaracao-de-beneficios.${values.format ?? 'pdf'}`,
    );
    return null;
  };
  return (
    <CardSection title={t('privacy.statement.title')}>
      <Stack gap="4">
        <Text>{t('privacy.statement.intro')}</Text>
        <DeclaredForm form={statementForm} state={form} onSubmit={submit} placement="card" />
      </Stack>
    </CardSection>
  );
}

const deletionForm = defineForm<{ password: string }>({
  labels: 'privacy.deletion',
  fields: [{ name: 'password', type: 'password' }],
  submit: 'privacy.deletion.submit',
});

/**
 * "Excluir minha conta": the request with the password, then its state and its deadline (15 days), or the reason of
 * a refusal. Confirmed first: what deleting does cannot be undone.
 */
function Deletion({ requests }: { requests: OwnDataRequest[] }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const ask = useApiMutation(requestDeletion, {
    invalidates: [privacyKey],
    success: (answer) => answer.msg,
    silent: true,
  });
  const form = useForm<{ password: string }>({
    resolver: zodResolver(requestDeletionBodySchema),
    defaultValues: { password: '' },
  });
  const latest = requests[0];
  const open = latest && (latest.state === 'received' || latest.state === 'in-progress');
  const submit = async (values: { password: string }) => {
    const ok = await confirm({
      title: t('privacy.deletion.confirmTitle'),
      description: t('privacy.deletion.confirmText'),
      confirmLabel: t('privacy.deletion.submit'),
    });
    if (!ok) return null;
    const [, error] = await ask.run(values);
    if (!error) form.reset();
    return error;
  };
  return (
    <CardSection title={t('privacy.deletion.title')}>
      <Stack gap="4">
        <Text>{t('privacy.deletion.intro')}</Text>
        {latest && (
          <Box data-testid="deletion-request" borderLeftWidth="3px" borderColor="border" ps="3">
            <Text fontWeight="semibold">
              {t(`privacy.deletion.states.${latest.state}`, {
                date: formatDate(latest.createdAt),
                deadline: formatDate(latest.deadline),
              })}
            </Text>
            {latest.refusalReason && <Text color="muted">{latest.refusalReason}</Text>}
          </Box>
        )}
        {!open && <DeclaredForm form={deletionForm} state={form} onSubmit={submit} placement="card" />}
      </Stack>
      {dialog}
    </CardSection>
  );
}

function Marketing({ consents }: { consents: MarketingConsent[] }) {
  const { t } = useTranslation();
  const change = useApiMutation(updateConsent, { invalidates: [privacyKey], success: (answer) => answer.msg });
  return (
    <CardSection title={t('privacy.marketingTitle')}>
      <Text color="muted" mb="4">
        {t('privacy.marketingIntro')}
      </Text>
      <Stack gap="4">
        {consents.map((consent) => (
          <Box key={consent.purpose} data-testid="marketing-consent">
            <Checkbox
              checked={consent.given}
              disabled={change.isPending}
              label={t(`privacy.marketing.${consent.purpose}`)}
              onChange={(given) => void change.run({ purpose: consent.purpose, given })}
            />
            <Text fontSize="sm" color="muted" ms="7">
              {consent.at
                ? t(consent.given ? 'privacy.givenOn' : 'privacy.withdrawnOn', { date: formatDateTime(consent.at) })
                : t('privacy.neverAsked')}
            </Text>
          </Box>
        ))}
      </Stack>
    </CardSection>
  );
}

function Acceptances({ records }: { records: ConsentRecord[] }) {
  const { t } = useTranslation();
  return (
    <CardSection title={t('privacy.acceptancesTitle')}>
      {records.length === 0 ? (
        <Text>{t('privacy.noAcceptances')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {records.map((record) => (
            <Box as="li" key={record.id} data-testid="privacy-acceptance">
              <Text fontWeight="semibold">{t(`privacy.purposes.${record.purpose}`, { version: record.version })}</Text>
              <Text fontSize="sm" color="muted">
                {t('privacy.acceptedOn', {
                  date: formatDateTime(record.at),
                  channel: t(`privacy.channels.${record.channel}`),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </CardSection>
  );
}
