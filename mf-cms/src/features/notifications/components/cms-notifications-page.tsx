import { toasts } from '@especifica/mf-shared';
import { type Notification, notificationGroups, notificationsQuerySchema } from '@especifica/mf-shared/contracts';
import {
  Form,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useForm,
  useWatch,
} from '@especifica/mf-shared/forms';
import {
  CardSection,
  EmptyResult,
  LoadingState,
  NotificationCard,
  PageLayout,
  QueryView,
  useApiMutation,
  useApiQuery,
  useListState,
} from '@especifica/mf-shared/kit';
import { Pagination } from '@especifica/mf-shared/list';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { StorePickerField } from '../../../shared/store-picker';
import {
  getLevels,
  getNotifications,
  markRead,
  notificationKeys,
  type SendValues,
  sendNotification,
  sendResolver,
} from '../api/notifications';

/** /cms/notifications: the admin's own notifications, and a notice to participants (a group, a level, a store, people). */
export function CmsNotificationsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cmsNotifications.title')} width="wide">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8" alignItems="start">
        <Inbox />
        <SendForm />
      </SimpleGrid>
    </PageLayout>
  );
}

function Inbox() {
  const { t } = useTranslation();
  const [{ page, limit }, update] = useListState(notificationsQuerySchema);
  const query = useApiQuery(notificationKeys.page(page, limit), () => getNotifications(page, limit), {
    silent: true,
    keepPrevious: true,
  });
  const readAll = useApiMutation(() => markRead({ all: true }), {
    invalidates: [notificationKeys.all],
    success: (answer) => answer.msg,
  });
  return (
    <Box as="section" aria-labelledby="cms-inbox">
      <HStack justify="space-between" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" id="cms-inbox" fontSize="lg">
          {t('cmsNotifications.inbox', { count: query.data?.unread ?? 0 })}
        </Heading>
        {(query.data?.unread ?? 0) > 0 && (
          <Button size="sm" variant="outline" loading={readAll.isPending} onClick={() => void readAll.run()}>
            {t('cmsNotifications.readAll')}
          </Button>
        )}
      </HStack>
      <QueryView
        query={query}
        loading={<LoadingState rows={4} />}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyResult
            title={t('cmsNotifications.empty')}
            drawing="bell"
            next={{ label: t('cmsNext.overview'), to: '/cms/dashboard' }}
          />
        }
      >
        {(data) => (
          <>
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {data.items.map((item) => (
                <Item key={item.id} item={item} />
              ))}
            </Stack>
            <Pagination
              page={page}
              limit={limit}
              total={data.total}
              onPage={(next) => update({ page: next }, { keepPage: true })}
              onLimit={(next) => update({ limit: next })}
            />
          </>
        )}
      </QueryView>
    </Box>
  );
}

function Item({ item }: { item: Notification }) {
  const read = useApiMutation(() => markRead({ id: item.id }), { invalidates: [notificationKeys.all] });
  return (
    <NotificationCard item={item} reading={read.isPending} onRead={() => void read.run()} testId="cms-notification" />
  );
}

const empty: SendValues = { group: '', title: '', message: '', levelId: '', storeId: '', emails: '' };

function SendForm() {
  const { t } = useTranslation();
  const form = useForm<SendValues>({
    resolver: sendResolver,
    defaultValues: empty,
  });
  const group = useWatch({ control: form.control, name: 'group' });
  const levels = useApiQuery(notificationKeys.levels, getLevels, { enabled: group === 'level', silent: true });
  const send = useApiMutation(sendNotification, { silent: true });
  const submit = async (values: SendValues) => {
    const [answer, error] = await send.run(values);
    if (error) return error;
    if (answer) {
      toasts.success(`${answer.msg} ${t('cmsNotifications.sent', { count: answer.sent })}`);
      if (answer.missing?.length) {
        toasts.warning(t('cmsNotifications.missing', { emails: answer.missing.join(', ') }));
      }
      form.reset(empty);
    }
    return null;
  };
  return (
    <CardSection title={t('cmsNotifications.sendTitle')}>
      <Form form={form} onSubmit={submit}>
        <Stack gap="4">
          <SelectField<SendValues>
            name="group"
            label={t('cmsNotifications.group')}
            options={notificationGroups.map((value) => ({ value, label: t(`cmsNotifications.groups.${value}`) }))}
          />
          {group === 'level' && (
            <SelectField<SendValues>
              name="levelId"
              label={t('cmsNotifications.level')}
              options={(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.name }))}
            />
          )}
          {group === 'store' && <StorePickerField<SendValues> name="storeId" label={t('cmsNotifications.store')} />}
          {group === 'people' && (
            <TextareaField<SendValues>
              name="emails"
              label={t('cmsNotifications.emails')}
              helper={t('cmsNotifications.emailsHelp')}
              rows={4}
            />
          )}
          <TextField<SendValues> name="title" label={t('cmsNotifications.titleLabel')} />
          <TextareaField<SendValues> name="message" label={t('cmsNotifications.message')} rows={4} />
          <Box>
            <SubmitButton>{t('cmsNotifications.send')}</SubmitButton>
          </Box>
        </Stack>
      </Form>
    </CardSection>
  );
}
