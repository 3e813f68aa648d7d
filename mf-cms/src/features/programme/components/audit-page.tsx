import type { AuditRecord } from '@especifica/mf-shared/contracts';
import { formatDateTime, PageLayout } from '@especifica/mf-shared/kit';
import { type Columns, type Filter, ResourceList } from '@especifica/mf-shared/list';
import { Box, chakra, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { auditEntities, auditLog } from '../api/programme';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** What a record changed: before and after, folded so that the list stays a list. */
function Change({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  if (record.before == null && record.after == null) return <Text color="muted">—</Text>;
  return (
    <chakra.details maxW="420px">
      <chakra.summary cursor="pointer" color="brand">
        {t('programme.audit.showChange')}
      </chakra.summary>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2" mt="2">
        {(['before', 'after'] as const).map((side) => (
          <Box key={side} minW="0">
            <Text fontSize="xs" fontWeight="bold">
              {t(`programme.audit.${side}`)}
            </Text>
            <chakra.pre
              fontSize="xs"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              bg="bg.muted"
              p="2"
              borderRadius="sm"
            >
              {shown(record[side])}
            </chakra.pre>
          </Box>
        ))}
      </Box>
    </chakra.details>
  );
}

/** /cms/programme/audit: every admin change, filtered by who, what and period, exported whole. */
export function AuditPage() {
  const { t } = useTranslation();
  const columns = useMemo<Columns<AuditRecord>>(
    () => [
      {
        accessorKey: 'createdAt',
        header: t('programme.audit.when'),
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
      { accessorKey: 'actorName', header: t('programme.audit.who') },
      { accessorKey: 'action', header: t('programme.audit.action'), meta: { sort: 'action' } },
      {
        accessorKey: 'entity',
        header: t('programme.audit.what'),
        cell: ({ row }) =>
          `${t(`programme.audit.entities.${row.original.entity}`, { defaultValue: row.original.entity })}${
            row.original.entityId ? ` · ${row.original.entityId}` : ''
          }`,
        meta: { sort: 'entity' },
      },
      { id: 'change', header: t('programme.audit.change'), cell: ({ row }) => <Change record={row.original} /> },
    ],
    [t],
  );
  const filters = useMemo<Filter[]>(
    () => [
      {
        key: 'entity',
        label: t('programme.audit.what'),
        options: auditEntities.map((entity) => ({ value: entity, label: t(`programme.audit.entities.${entity}`) })),
      },
      { key: 'from', label: t('programme.audit.from'), type: 'date', notAfter: 'to' },
      { key: 'to', label: t('programme.audit.to'), type: 'date', notBefore: 'from' },
    ],
    [t],
  );
  return (
    <PageLayout title={t('programme.audit.title')} description={t('programme.audit.description')} width="wide">
      <ResourceList
        resource={auditLog}
        columns={columns}
        caption={t('programme.audit.title')}
        search={t('programme.audit.search')}
        filters={filters}
        empty={{ title: t('programme.audit.empty') }}
      />
    </PageLayout>
  );
}
