import { DeclaredForm, defineForm } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { activeFilter, cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import { type CmsUser, type CmsUserValues, cmsUsers, saveCmsUser, savedMessage, userFormSchema } from '../api/users';

/**
 * The admin users; the admin's own row says so (the context is the admin's e-mail): the server refuses to deactivate
 * oneself, and the list shows whose row that is.
 */
const userList = defineList<CmsUser, string | undefined>({
  resource: cmsUsers,
  caption: 'cms.usersTitle',
  search: 'cms.usersSearch',
  headers: 'cms',
  columns: [
    {
      key: 'name',
      header: 'cms.userName',
      sort: true,
      cell: (user, _t, me) => cell.line(user.name, me === user.email && cell.badge('userMark', 'you')),
    },
    { key: 'email', header: 'cms.userEmail', sort: true },
    { key: 'createdAt', header: 'cms.userCreatedAt', sort: true, cell: (user) => formatDate(user.createdAt) },
  ],
  filters: [activeFilter('cms.status')],
  status: 'cms.status',
  form: {
    create: 'cms.userCreate',
    edit: 'cms.userEdit',
    render: (user, done) => <UserForm user={user} done={done} />,
  },
});

/** /cms/users: find, create, edit and switch admin users on and off (never oneself: the server refuses it). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useSession((state) => state.user?.email);
  return (
    <PageLayout title={t('cms.usersTitle')} width="wide">
      <ResourceList list={userList} context={me} />
    </PageLayout>
  );
}

/** An admin's name, e-mail and password (a new one, when editing: left blank, the password stays). */
const userForm = defineForm<CmsUserValues, CmsUser>({
  labels: 'cms',
  fields: [
    { name: 'name', label: 'cms.userName' },
    { name: 'email', type: 'email', label: 'cms.userEmail' },
    {
      name: 'password',
      type: 'password',
      label: (user) => (user ? 'cms.userNewPassword' : 'cms.userPassword'),
      autoComplete: 'new-password',
    },
  ],
});

function UserForm({ user, done }: { user: CmsUser | null; done: () => void }) {
  const { form, submit } = useDrawerForm({
    schema: userFormSchema(user),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', password: '' },
    save: (values: CmsUserValues) => saveCmsUser(user, values),
    invalidates: [resourceKey(cmsUsers)],
    success: savedMessage(user),
    done,
  });
  return <DeclaredForm form={userForm} state={form} onSubmit={submit} item={user} />;
}
