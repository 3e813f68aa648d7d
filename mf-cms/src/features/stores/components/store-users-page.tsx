import { formatPoints } from '@especifica/mf-shared';
import { type StoreUser, shopkeeperApprovals, shopkeeperTypes } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, type Resolver, zodResolver } from '@especifica/mf-shared/forms';
import { badgeText, PageLayout, resourceKey, SignUpDecision } from '@especifica/mf-shared/kit';
import { activeFilter, cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useSearchParams } from '@especifica/mf-shared/router';
import { Box, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import { StoreFilterPicker, StorePickerField } from '../../../shared/store-picker';
import { StoreUserConsents } from '../../privacy/components/consent-records';
import {
  decideApproval,
  modeOf,
  type StoreUserValues,
  saveStoreUser,
  storeUserFormSchema,
  storeUsers,
  storeUserValuesOf,
} from '../api/store-users';

/** The admin's decision on a pending sign-up, after a confirmation (the kit's SignUpDecision). */
function Decision({ item: user }: { item: StoreUser }) {
  return (
    <SignUpDecision
      person={user}
      by="admin"
      decide={(approval) => decideApproval(user, approval)}
      invalidates={[resourceKey(storeUsers)]}
    />
  );
}

/** Every store's people, their type, sign-up and status; consultants are created and edited in the drawer. */
const storeUserList = defineList<StoreUser>({
  resource: storeUsers,
  caption: 'cmsStores.usersTitle',
  search: 'cmsStores.usersSearch',
  headers: 'cmsStores',
  columns: [
    { key: 'name', header: 'cmsStores.userName', sort: true },
    { key: 'email', sort: true, cell: (user) => cell.text('line', user.email) },
    { key: 'storeName', header: 'cmsStores.store' },
    {
      key: 'shopkeeperType',
      header: 'cmsStores.type',
      cell: (user) =>
        cell.line(
          cell.badge('shopkeeperType', user.shopkeeperType),
          user.approval !== 'approved' && cell.badge('signUp', user.approval),
        ),
    },
    { key: 'points', sort: true, numeric: true, cell: (u) => formatPoints(u.points) },
  ],
  filters: [
    {
      key: 'shopkeeperType',
      label: 'cmsStores.type',
      options: shopkeeperTypes.map((type) => ({ value: type, label: badgeText('shopkeeperType', type) })),
    },
    {
      key: 'approval',
      label: 'cmsStores.approval',
      options: shopkeeperApprovals.map((approval) => ({
        value: approval,
        label: `cmsStores.approvalFilter.${approval}`,
      })),
    },
    activeFilter('cmsStores.status'),
  ],
  status: 'cmsStores.status',
  empty: { title: 'cmsStores.usersEmpty', drawing: 'people', next: { label: 'cmsNext.createStoreUser', create: true } },
  actions: [
    { key: 'decide', component: Decision, when: (user) => user.approval === 'pending' },
    { key: 'consents', component: StoreUserConsents },
  ],
  form: {
    create: 'cmsStores.consultantCreate',
    edit: 'cmsStores.userEdit',
    render: (user, done) => <StoreUserForm user={user} done={done} />,
  },
});

/** /cms/shopkeepers/users: every store's people, their type and status; consultants are created and edited here. */
export function StoreUsersPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cmsStores.usersTitle')} description={t('cmsStores.usersDescription')} width="wide">
      <StoreFilter />
      <ResourceList list={storeUserList} />
    </PageLayout>
  );
}

/**
 * The store filter: any store of the programme, searched (a select would hold only the first page of stores). Its id
 * stays in the URL as `storeId`, read by the list; a store read from the URL is named by the stores API.
 */
function StoreFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Box maxW={{ base: '100%', md: '28rem' }} mb="4">
      <StoreFilterPicker
        label={t('cmsStores.store')}
        hint={t('cmsStores.storeFilterHint')}
        value={params.get('storeId') ?? undefined}
        onChange={(storeId) =>
          setParams(
            (now) => {
              const next = new URLSearchParams(now);
              if (storeId) next.set('storeId', storeId);
              else next.delete('storeId');
              next.delete('page');
              return next;
            },
            { replace: !storeId },
          )
        }
      />
    </Box>
  );
}

const inStore = (user: StoreUser | null) => modeOf(user) !== 'person';

/**
 * A consultant (created here) has a store, a CPF, a phone and a password the admin sets; a store's own person keeps
 * its store and its password, and only its name, e-mail and type are edited.
 */
const storeUserForm = defineForm<StoreUserValues, StoreUser>({
  labels: 'cmsStores',
  fields: [
    { when: (user) => user === null, render: (_user, t) => <Text color="muted">{t('cmsStores.consultantHint')}</Text> },
    {
      when: inStore,
      render: (user, t) => (
        <StorePickerField<StoreUserValues>
          name="storeId"
          label={t('cmsStores.store')}
          current={user ? { id: user.storeId, name: user.storeName, cnpj: user.storeCnpj } : null}
        />
      ),
    },
    {
      when: (user) => !inStore(user),
      render: (user, t) => <Text color="muted">{t('cmsStores.userOfStore', { store: user?.storeName })}</Text>,
    },
    { name: 'name', label: 'cmsStores.userName' },
    { name: 'email', type: 'email' },
    {
      name: 'shopkeeperType',
      type: 'select',
      label: 'cmsStores.type',
      options: shopkeeperTypes,
      optionLabels: 'cmsStores.types',
      when: (user) => user !== null,
    },
    [
      { name: 'cpf', type: 'masked', mask: 'cpf', when: inStore },
      { name: 'cellphone', type: 'masked', mask: 'phone', when: inStore },
    ],
    {
      name: 'password',
      type: 'password',
      label: (user) => (user ? 'cmsStores.newPassword' : 'cmsStores.password'),
      autoComplete: 'new-password',
      when: inStore,
    },
  ],
});

function StoreUserForm({ user, done }: { user: StoreUser | null; done: () => void }) {
  const { form, submit } = useDrawerForm({
    // Each mode validates its own fields of the one set of values the drawer holds.
    schema: zodResolver(storeUserFormSchema(modeOf(user))) as unknown as Resolver<StoreUserValues>,
    defaultValues: storeUserValuesOf(user),
    save: (values: StoreUserValues) => saveStoreUser(user, values),
    invalidates: [resourceKey(storeUsers), ['resource', 'cms-stores']],
    done,
  });
  return <DeclaredForm form={storeUserForm} state={form} onSubmit={submit} item={user} />;
}
