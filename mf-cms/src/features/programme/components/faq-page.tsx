import type { FaqEntry } from '@especifica/mf-shared/contracts';
import type { Resolver } from '@especifica/mf-shared/forms';
import { DeclaredForm, defineForm, useConfirm, zodResolver } from '@especifica/mf-shared/forms';
import { PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { defineList, ResourceList } from '@especifica/mf-shared/list';
import { Button, useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import { type FaqValues, faqEntries, faqFormSchema, removeFaq, saveFaq } from '../api/programme';

/** The questions participants read at /faq, by topic and in order, each switched off or removed. */
const faqList = defineList<FaqEntry>({
  resource: faqEntries,
  caption: 'programme.faq.title',
  search: 'programme.faq.search',
  headers: 'programme.faq',
  columns: [
    { key: 'topic', sort: true },
    { key: 'question', sort: true },
    { key: 'position', sort: true, numeric: true },
  ],
  status: 'programme.faq.status',
  actions: [{ key: 'remove', component: ({ item }) => <RemoveButton entry={item} /> }],
  empty: { title: 'programme.faq.empty', drawing: 'search', next: { label: 'cmsNext.createQuestion', create: true } },
  form: {
    create: 'programme.faq.create',
    edit: 'programme.faq.edit',
    render: (entry, done) => <FaqForm entry={entry} done={done} />,
  },
});

/** /cms/programme/faq: the questions participants read at /faq, by topic and in order; switch one off or remove it. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('programme.faq.title')} description={t('programme.faq.description')} width="wide">
      <ResourceList list={faqList} />
    </PageLayout>
  );
}

function RemoveButton({ entry }: { entry: FaqEntry }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const remove = useApiMutation(removeFaq, {
    invalidates: [resourceKey(faqEntries)],
    success: (answer) => answer.msg,
  });
  const ask = async () => {
    const yes = await confirm({
      title: t('programme.faq.removeTitle'),
      description: t('programme.faq.removeDescription', { question: entry.question }),
      confirmLabel: t('programme.faq.remove'),
      destructive: true,
    });
    if (yes) await remove.run(entry);
  };
  return (
    <>
      <Button size="sm" variant="plain" colorPalette="error" onClick={() => void ask()} loading={remove.isPending}>
        {t('programme.faq.remove')}
      </Button>
      {dialog}
    </>
  );
}

const faqForm = defineForm<FaqValues>({
  labels: 'programme.faq',
  fields: [
    { name: 'topic' },
    { name: 'question' },
    { name: 'answer', type: 'textarea', rows: 6 },
    { name: 'position', type: 'points', helper: 'programme.faq.positionHelp' },
  ],
});

function FaqForm({ entry, done }: { entry: FaqEntry | null; done: () => void }) {
  const { form, submit } = useDrawerForm({
    schema: zodResolver(faqFormSchema) as Resolver<FaqValues>,
    defaultValues: {
      topic: entry?.topic ?? '',
      question: entry?.question ?? '',
      answer: entry?.answer ?? '',
      position: entry?.position ?? 0,
    },
    save: (values: FaqValues) => saveFaq(entry, values),
    invalidates: [resourceKey(faqEntries)],
    done,
  });
  return <DeclaredForm form={faqForm} state={form} onSubmit={submit} />;
}
