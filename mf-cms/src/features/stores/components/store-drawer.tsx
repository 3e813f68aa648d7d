import { formatPoints } from '@especifica/mf-shared';
import type { Invite, Store, StoreUser } from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { EmailField, Form, SubmitButton, TextField, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { EmptyResult, formatDate, QueryView, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, Box, Card, Heading, HStack, Link, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { formatCnpj, type InviteValues, inviteFormSchema, inviteToStore, storeInvites, storeTeam } from '../api/stores';
import { ActiveBadge, ShopkeeperTypeBadge } from './badges';

const teamKey = (store: Store) => ['resource', 'cms-stores', 'team', store.id] as const;
const invitesKey = (store: Store) => ['resource', 'cms-stores', 'invites', store.id] as const;

/** A store's people and the invites it sent, beside the list; an admin invites a professional for it here. */
export function StoreDrawer({ store, onClose }: { store: Store | null; onClose: () => void }) {
  return (
    <Drawer open={store !== null} onClose={onClose} title={store?.name}>
      {store && <StoreDetail key={store.id} store={store} />}
    </Drawer>
  );
}

function StoreDetail({ store }: { store: Store }) {
  const { t } = useTranslation();
  const team = useApiQuery(teamKey(store), () => storeTeam(store, 1), { silent: true });
  const invites = useApiQuery(invitesKey(store), () => storeInvites(store, 1), { silent: true });
  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <Text color="muted">{formatCnpj(store.cnpj)}</Text>
        <ActiveBadge active={store.active} feminine />
        <Text color="muted">
          {t('cmsStores.pointsOf', { points: formatPoints(store.points), count: store.points })}
        </Text>
      </HStack>
      <Stack gap="3" as="section" aria-labelledby="store-team">
        <Heading as="h3" id="store-team" fontSize="md">
          {t('cmsStores.teamTitle')}
        </Heading>
        <QueryView
          query={team}
          isEmpty={(page) => page.items.length === 0}
          empty={<EmptyResult title={t('cmsStores.teamEmpty')} drawing="people" />}
        >
          {(page) => (
            <Stack gap="2">
              {page.items.map((user) => (
                <PersonCard key={user.id} user={user} />
              ))}
              <Link asChild color="brand" fontSize="sm">
                <RouterLink to={`/cms/shopkeepers/users?storeId=${store.id}`}>
                  {t('cmsStores.teamAll', { count: page.total })}
                </RouterLink>
              </Link>
            </Stack>
          )}
        </QueryView>
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="store-invites">
        <Heading as="h3" id="store-invites" fontSize="md">
          {t('cmsStores.invitesTitle')}
        </Heading>
        {store.active ? <InviteForm store={store} /> : <Text color="muted">{t('cmsStores.inviteInactive')}</Text>}
        <QueryView
          query={invites}
          isEmpty={(page) => page.items.length === 0}
          empty={<EmptyResult title={t('cmsStores.invitesEmpty')} drawing="people" />}
        >
          {(page) => (
            <Stack gap="2">
              {page.items.map((invite) => (
                <InviteCard key={invite.id} invite={invite} />
              ))}
              {page.total > page.items.length && (
                <Text fontSize="sm" color="muted">
                  {t('cmsStores.invitesMore', { shown: page.items.length, total: page.total })}
                </Text>
              )}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Stack>
  );
}

function PersonCard({ user }: { user: StoreUser }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body gap="1">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="bold">{user.name}</Text>
          <HStack gap="2">
            <ShopkeeperTypeBadge type={user.shopkeeperType} />
            <ActiveBadge active={user.active} />
          </HStack>
        </HStack>
        <Text fontSize="sm" color="muted" wordBreak="break-all">
          {user.email}
        </Text>
        <Text fontSize="sm">{t('cmsStores.pointsOf', { points: formatPoints(user.points), count: user.points })}</Text>
      </Card.Body>
    </Card.Root>
  );
}

function InviteCard({ invite }: { invite: Invite }) {
  const { t } = useTranslation();
  return (
    <Box borderWidth="1px" borderRadius="card" p="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="bold" wordBreak="break-all">
          {invite.name || invite.email}
        </Text>
        <Badge colorPalette={invite.accepted ? 'success' : 'quaternary'}>
          {invite.accepted ? t('cmsStores.inviteAccepted') : t('cmsStores.inviteSent')}
        </Badge>
      </HStack>
      {invite.name && (
        <Text fontSize="sm" color="muted" wordBreak="break-all">
          {invite.email}
        </Text>
      )}
      <Text fontSize="sm" color="muted">
        {t('cmsStores.invitedOn', { date: formatDate(invite.createdAt) })}
      </Text>
    </Box>
  );
}

function InviteForm({ store }: { store: Store }) {
  const { t } = useTranslation();
  const send = useApiMutation((values: InviteValues) => inviteToStore(store, values), {
    invalidates: [invitesKey(store)],
    success: (answer) => answer.msg,
    silent: true,
  });
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', name: '' },
  });
  const submit = async (values: InviteValues) => {
    const [, error] = await send.run(values);
    if (!error) form.reset({ email: '', name: '' });
    return error;
  };
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="3" borderWidth="1px" borderRadius="card" p="3">
        <Text fontSize="sm">{t('cmsStores.inviteHint')}</Text>
        <EmailField<InviteValues> name="email" label={t('cmsStores.inviteEmail')} />
        <TextField<InviteValues> name="name" label={t('cmsStores.inviteName')} />
        <SubmitButton alignSelf="flex-start">{t('cmsStores.invite')}</SubmitButton>
      </Stack>
    </Form>
  );
}
