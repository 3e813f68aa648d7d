import { api } from '@especifica/mf-shared';
import {
  type ConsentRecord,
  type ConsentRecordsQuery,
  consentRecordsQuerySchema,
  type StoreUser,
} from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { defineResource, formatDateTime, type Page } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';

/** Whose records: a professional or a store's person (a shopkeeper), by id. */
export type ConsentSubjectQuery = { professionalId: string } | { shopkeeperId: string };

/** A person's consent records (docs/privacy.md), newest first, and their CSV (São Paulo dates). */
export const consentsOf = (subject: ConsentSubjectQuery) =>
  defineResource<ConsentRecord, ConsentRecordsQuery>({
    name: 'cms-consents',
    query: consentRecordsQuerySchema,
    defaults: subject,
    list: (query) => api.get<Page<ConsentRecord>>('/cms/privacy/consents/get-all', { ...query }),
    id: (record) => record.id,
    label: (record) => record.purpose,
    exports: { csv: { url: '/cms/privacy/consents/export', filename: 'consentimentos.csv' } },
  });

/** The person's consents, as records: what, which version, given or withdrawn, when, the channel. */
const consentList = defineList<ConsentRecord>({
  caption: 'professionals.tabs.consents',
  headers: 'professionals.consents',
  columns: [
    { key: 'at', cell: (record) => cell.text('nowrap', formatDateTime(record.at)) },
    {
      key: 'purpose',
      cell: (record, t) =>
        record.version === null
          ? t(`professionals.consents.purposes.${record.purpose}`)
          : t('professionals.consents.versioned', {
              purpose: t(`professionals.consents.purposes.${record.purpose}`),
              version: record.version,
            }),
    },
    { key: 'given', cell: (record, t) => t(record.given ? 'professionals.consents.yes' : 'professionals.consents.no') },
    { key: 'channel', cell: (record, t) => t(`professionals.consents.channels.${record.channel}`) },
    { key: 'ipHash', cell: (record) => record.ipHash && cell.text('note', `${record.ipHash.slice(0, 12)}…`) },
  ],
  empty: { title: 'professionals.consents.empty', drawing: 'approved' },
});

/** The records of one person, with their CSV export: a professional's tab and a store person's drawer alike. */
export function ConsentRecords({ subject }: { subject: ConsentSubjectQuery }) {
  const id = 'professionalId' in subject ? subject.professionalId : subject.shopkeeperId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the person's id is the whole of the subject
  const resource = useMemo(() => consentsOf(subject), [id]);
  return <ResourceList list={consentList} resource={resource} />;
}

/** "Consentimentos" on a store person's row: their records in a drawer (the person's page of a shopkeeper). */
export function StoreUserConsents({ item: user }: { item: StoreUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton aria-label={t('cmsStores.consentsOf', { name: user.name })} onClick={() => setOpen(true)}>
        {t('professionals.tabs.consents')}
      </RowButton>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('cmsStores.consentsOf', { name: user.name })}>
        {open && <ConsentRecords subject={{ shopkeeperId: user.id }} />}
      </Drawer>
    </>
  );
}
