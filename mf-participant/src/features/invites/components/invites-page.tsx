import { toasts } from '@especifica/mf-shared';
import {
  type Invite,
  type ShopkeeperInviteFormValues,
  shopkeeperInviteFormSchema,
} from '@especifica/mf-shared/contracts';
import { EmailField, Form, SubmitButton, TextField, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { Box, Heading, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { OnlyFor } from '../../../app/only-for';
import { invites, sendInvite } from '../api/invites';

/** /invites (shopkeepers): invite a professional by e-mail; the invites sent, their state and the link to copy. */
export function InvitesPage() {
  return (
    <OnlyFor userType="shopkeeper">
      <InvitesScreen />
    </OnlyFor>
  );
}

const inviteList = defineList<Invite>({
  resource: invites,
  caption: 'invites.list',
  search: 'invites.search',
  headers: 'invites',
  columns: [
    { key: 'email', sort: true },
    { key: 'name', sort: true, cell: (invite) => invite.name || '—' },
    {
      key: 'state',
      cell: (invite) => cell.badge('inviteState', invite.accepted ? 'signedUp' : 'sent'),
    },
    { key: 'createdAt', header: 'invites.date', sort: true, cell: (invite) => formatDate(invite.createdAt) },
  ],
  actions: [{ key: 'copy', component: CopyLink }],
  empty: { title: 'invites.empty', description: 'invites.emptyHint', drawing: 'people' },
});

function InvitesScreen() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('invites.title')} description={t('invites.description')}>
      <Stack gap="8">
        <InviteForm />
        <Box as="section" aria-labelledby="invites-sent">
          <Heading as="h2" id="invites-sent" fontSize="lg" mb="3">
            {t('invites.list')}
          </Heading>
          <ResourceList list={inviteList} />
        </Box>
      </Stack>
    </PageLayout>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const send = useApiMutation(sendInvite, {
    invalidates: [resourceKey(invites)],
    success: (answer) => answer.msg,
    silent: true,
  });
  const form = useForm<ShopkeeperInviteFormValues>({
    resolver: zodResolver(shopkeeperInviteFormSchema),
    defaultValues: { email: '', name: '' },
  });
  const submit = async (values: ShopkeeperInviteFormValues) => {
    const [, error] = await send.run(values);
    if (!error) form.reset();
    return error;
  };
  return (
    <Box as="section" aria-labelledby="invite-new" bg="card" p="5" borderRadius="card" boxShadow="sm">
      <Heading as="h2" id="invite-new" fontSize="lg" mb="3">
        {t('invites.new')}
      </Heading>
      <Form form={form} onSubmit={submit}>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
          <Box flex="1">
            <EmailField<ShopkeeperInviteFormValues> name="email" label={t('invites.email')} />
          </Box>
          <Box flex="1">
            <TextField<ShopkeeperInviteFormValues> name="name" label={t('invites.nameOptional')} />
          </Box>
          <SubmitButton>{t('invites.send')}</SubmitButton>
        </Stack>
      </Form>
    </Box>
  );
}

function CopyLink({ item: invite }: { item: Invite }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.signUpUrl);
      toasts.success(t('invites.copied'));
    } catch {
      toasts.error(t('invites.copyFailed', { url: invite.signUpUrl }));
    }
  };
  return (
    <RowButton
      onClick={() => void copy()}
      aria-label={t('invites.copyOf', { email: invite.email })}
      data-link={invite.signUpUrl}
    >
      {t('invites.copy')}
    </RowButton>
  );
}
