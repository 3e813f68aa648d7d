import type { AuditRecord } from '@especifica/mf-shared/contracts';
import { formatDateTime, PageLayout } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { auditEntities, auditLog } from '../api/programme';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

const auditList = defineList<AuditRecord>({
  resource: auditLog,
  caption: 'programme.audit.title',
  search: 'programme.audit.search',
  headers: 'programme.audit',
  columns: [
    {
      key: 'createdAt',
      header: 'programme.audit.when',
      sort: true,
      cell: (record) => formatDateTime(record.createdAt),
    },
    { key: 'actorName', header: 'programme.audit.who' },
    { key: 'action', sort: true },
    {
      key: 'entity',
      header: 'programme.audit.what',
      sort: true,
      cell: (record, t) =>
        `${t(`programme.audit.entities.${record.entity}`, { defaultValue: record.entity })}${
          record.entityId ? ` · ${record.entityId}` : ''
        }`,
    },
    {
      // What a record changed: before and after, folded so that the list stays a list.
      key: 'change',
      cell: (record, t) =>
        record.before == null && record.after == null
          ? cell.text('muted', '—')
          : cell.details(
              t('programme.audit.showChange'),
              (['before', 'after'] as const).map((side) => ({
                label: t(`programme.audit.${side}`),
                text: shown(record[side]),
              })),
            ),
    },
  ],
  filters: [
    {
      key: 'entity',
      label: 'programme.audit.what',
      options: auditEntities.map((entity) => ({ value: entity, label: `programme.audit.entities.${entity}` })),
    },
    { key: 'from', label: 'programme.audit.from', type: 'date', notAfter: 'to' },
    { key: 'to', label: 'programme.audit.to', type: 'date', notBefore: 'from' },
  ],
  empty: { title: 'programme.audit.empty', drawing: 'plan', next: { label: 'cmsNext.overview', to: '/cms/dashboard' } },
});

/** /cms/programme/audit: every admin change, filtered by who, what and period, exported whole. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('programme.audit.title')} description={t('programme.audit.description')} width="wide">
      <ResourceList list={auditList} />
    </PageLayout>
  );
}
