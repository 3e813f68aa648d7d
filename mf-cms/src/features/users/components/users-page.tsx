import { EmailField, Form, PasswordField, SubmitButton, TextField } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Badge, HStack, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import { type CmsUser, type CmsUserValues, cmsUsers, saveCmsUser, savedMessage, userFormSchema } from '../api/users';

/** The admin's own row says so: the server refuses to deactivate oneself, and the list shows whose row that is. */
function NameCell({ user }: { user: CmsUser }) {
  const { t } = useTranslation();
  const me = useSession((state) => state.user);
  return (
    <HStack gap="2" wrap="wrap">
      <Text as="span">{user.name}</Text>
      {me?.email === user.email && <Badge colorPalette="secondary">{t('cms.userYou')}</Badge>}
    </HStack>
  );
}

const columns: Columns<CmsUser> = [
  { accessorKey: 'name', header: 'Nome', cell: ({ row }) => <NameCell user={row.original} />, meta: { sort: 'name' } },
  { accessorKey: 'email', header: 'E-mail', meta: { sort: 'email' } },
  {
    accessorKey: 'createdAt',
    header: 'Criado em',
    cell: ({ getValue }) => formatDate(getValue<string>()),
    meta: { sort: 'createdAt' },
  },
];

/** /cms/users: find, create, edit and switch admin users on and off (never oneself: the server refuses it). */
export function UsersPage() {
  const { t } = useTranslation();
  const activeOptions = [
    { value: 'true', label: t('kit.active') },
    { value: 'false', label: t('kit.inactive') },
  ];
  return (
    <PageLayout title={t('cms.usersTitle')} width="wide">
      <ResourceList
        resource={cmsUsers}
        columns={columns}
        caption={t('cms.usersTitle')}
        search={t('cms.usersSearch')}
        filters={[{ key: 'active', label: t('cms.status'), options: activeOptions }]}
        statusColumn={t('cms.status')}
        form={{
          createTitle: t('cms.userCreate'),
          editTitle: t('cms.userEdit'),
          render: (user, done) => <UserForm user={user} done={done} />,
        }}
      />
    </PageLayout>
  );
}

function UserForm({ user, done }: { user: CmsUser | null; done: () => void }) {
  const { t } = useTranslation();
  const { form, submit } = useDrawerForm({
    schema: userFormSchema(user),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', password: '' },
    save: (values: CmsUserValues) => saveCmsUser(user, values),
    invalidates: [resourceKey(cmsUsers)],
    success: savedMessage(user),
    done,
  });
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <TextField<CmsUserValues> name="name" label={t('cms.userName')} />
        <EmailField<CmsUserValues> name="email" label={t('cms.userEmail')} />
        <PasswordField<CmsUserValues>
          name="password"
          label={user ? t('cms.userNewPassword') : t('cms.userPassword')}
          autoComplete="new-password"
        />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}
