import { type DataRequest, refuseDataRequestBodySchema } from '@especifica/mf-shared/contracts';
import { Drawer, useConfirm } from '@especifica/mf-shared/controls';
import { DeclaredForm, defineForm } from '@especifica/mf-shared/forms';
import {
  badgeOptions,
  formatDate,
  formatDateTime,
  PageLayout,
  QueryView,
  resourceKey,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { Box, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import { completeRequest, dataRequests, refuseRequest, requestTrail } from '../api/privacy';

const received = (request: DataRequest) => request.state === 'received';

/** "Concluir": the anonymisation cannot be undone, so it asks first; the list then shows it in progress and done. */
function CompleteButton({ item }: { item: DataRequest }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const complete = useApiMutation(completeRequest, {
    invalidates: [resourceKey(dataRequests)],
    success: (answer) => answer.msg,
  });
  const ask = async () => {
    const ok = await confirm({
      title: t('cmsDataRequests.completeTitle', { name: item.name }),
      description: t('cmsDataRequests.completeText'),
      confirmLabel: t('cmsDataRequests.complete'),
      destructive: true,
    });
    if (ok) await complete.run(item);
  };
  return (
    <>
      <RowButton
        disabled={complete.isPending}
        aria-label={t('cmsDataRequests.completeOf', { name: item.name })}
        onClick={() => void ask()}
      >
        {t('cmsDataRequests.complete')}
      </RowButton>
      {dialog}
    </>
  );
}

const refusalForm = defineForm<{ id: string; reason: string }>({
  labels: 'cmsDataRequests',
  fields: [{ name: 'reason', type: 'textarea', rows: 5 }],
  submit: 'cmsDataRequests.refuse',
});

/** "Recusar": a drawer with the reason the holder will read on /privacy and in the bell. */
function RefuseButton({ item }: { item: DataRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton aria-label={t('cmsDataRequests.refuseOf', { name: item.name })} onClick={() => setOpen(true)}>
        {t('cmsDataRequests.refuse')}
      </RowButton>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('cmsDataRequests.refuseTitle', { name: item.name })}>
        {open && <RefusalForm request={item} done={() => setOpen(false)} />}
      </Drawer>
    </>
  );
}

function RefusalForm({ request, done }: { request: DataRequest; done: () => void }) {
  const { form, submit } = useDrawerForm({
    schema: refuseDataRequestBodySchema,
    defaultValues: { id: request.id, reason: '' },
    save: (values: { id: string; reason: string }) => refuseRequest(request, values.reason),
    invalidates: [resourceKey(dataRequests)],
    done,
  });
  return <DeclaredForm form={refusalForm} state={form} onSubmit={submit} />;
}

/** "Histórico": every step of the request, from the audit log, with who and when. */
function TrailButton({ item }: { item: DataRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton aria-label={t('cmsDataRequests.trailOf', { name: item.name })} onClick={() => setOpen(true)}>
        {t('cmsDataRequests.trail')}
      </RowButton>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('cmsDataRequests.trailTitle', { name: item.name })}>
        {open && <Trail request={item} />}
      </Drawer>
    </>
  );
}

function Trail({ request }: { request: DataRequest }) {
  const { t } = useTranslation();
  const trail = useApiQuery(['cms-data-request-trail', request.id], () => requestTrail(request), { silent: true });
  return (
    <QueryView query={trail}>
      {(page) => (
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
          {page.items.map((record) => (
            <Box as="li" key={record.id} data-testid="data-request-step" borderLeftWidth="3px" ps="3">
              <Text fontWeight="semibold">{t(`cmsDataRequests.steps.${record.action}`, record.action)}</Text>
              <Text fontSize="sm" color="muted">
                {t('cmsDataRequests.stepBy', { name: record.actorName, date: formatDateTime(record.createdAt) })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

const requestList = defineList<DataRequest>({
  resource: dataRequests,
  caption: 'cmsDataRequests.title',
  headers: 'cmsDataRequests',
  columns: [
    {
      key: 'name',
      cell: (request) => cell.text('strong', request.name),
    },
    { key: 'email', cell: (request) => request.email ?? '—' },
    { key: 'createdAt', cell: (request) => cell.text('nowrap', formatDate(request.createdAt)) },
    {
      key: 'deadline',
      cell: (request, t) =>
        request.late
          ? cell.badge('reviewDeadline', 'past', {
              text: t('cmsDataRequests.lateSince', { date: formatDate(request.deadline) }),
            })
          : cell.text('nowrap', formatDate(request.deadline)),
    },
    { key: 'state', cell: (request) => cell.badge('dataRequestState', request.state) },
    {
      key: 'handledBy',
      cell: (request) =>
        request.handledBy && request.handledAt
          ? cell.text('note', `${request.handledBy} · ${formatDate(request.handledAt)}`)
          : null,
    },
  ],
  filters: [{ key: 'state', label: 'cmsDataRequests.state', options: badgeOptions('dataRequestState') }],
  actions: [
    { key: 'complete', component: CompleteButton, when: received },
    { key: 'refuse', component: RefuseButton, when: received },
    { key: 'trail', component: TrailButton },
  ],
  empty: {
    title: 'cmsDataRequests.empty',
    description: 'cmsDataRequests.emptyHint',
    drawing: 'people',
    next: { label: 'cmsNext.overview', to: '/cms/dashboard' },
  },
});

/**
 * /cms/programme/data-requests (Programa > Solicitações de titulares): the holders' requests under the LGPD, each
 * with its 15-day deadline, its state and who answered it; completed, the person is anonymised by a job.
 */
export function DataRequestsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cmsDataRequests.title')} description={t('cmsDataRequests.description')} width="wide">
      <ResourceList list={requestList} />
    </PageLayout>
  );
}
