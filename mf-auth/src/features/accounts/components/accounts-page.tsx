import { session, toasts } from '@especifica/mf-shared';
import type { AccountSummary } from '@especifica/mf-shared/contracts';
import { useNavigate } from '@especifica/mf-shared/router';
import { Badge, Box, Button, HStack, Spinner, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { listAccounts, switchAccount } from '../api/accounts';

/** Several accounts under one e-mail (spec 4): the person picks one; switching re-issues the session. */
export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accounts, setAccounts] = useState<AccountSummary[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void listAccounts().then(([data, error]) => {
      if (data) setAccounts(data.accounts);
      else if (error) toasts.error(error.msg);
    });
  }, []);

  async function enter(account: AccountSummary) {
    if (account.current) {
      navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(account.id);
    const [data, error] = await switchAccount(account.id, account.role);
    setBusy(null);
    if (!data) {
      session.setAccountSwitch('ACCOUNT_SWITCHED_ERROR');
      toasts.error(error?.msg ?? t('accounts.switchError'));
      return;
    }
    session.setUser({ ...data.user, accessToken: data.accessToken }, data.loginAllUsers === true);
    session.setAccountSwitch('ACCOUNT_SWITCHED');
    toasts.success(t('accounts.switched'));
    navigate('/dashboard', { replace: true });
  }

  return (
    <AuthCard title={t('accounts.title')} maxW="560px">
      <Text color="muted" mb="6">
        {t('accounts.text')}
      </Text>
      {!accounts && <Spinner color="brand" />}
      <Stack gap="3" as="ul" listStyleType="none">
        {accounts?.map((account) => (
          <Box
            as="li"
            key={`${account.role}:${account.id}`}
            borderWidth="1px"
            borderColor="surface.200"
            borderRadius="card"
            p="4"
          >
            <HStack justify="space-between" gap="4">
              <Stack gap="1">
                <Text fontWeight="bold">{account.name}</Text>
                <Text fontSize="sm" color="muted">
                  {account.role === 'shopkeeper'
                    ? t('accounts.shopkeeper', { store: account.storeName ?? '' })
                    : t('accounts.professional')}
                </Text>
                {account.current && (
                  <Badge colorPalette="primary" alignSelf="flex-start">
                    {t('accounts.current')}
                  </Badge>
                )}
              </Stack>
              <Button
                colorPalette="primary"
                loading={busy === account.id}
                onClick={() => enter(account)}
                aria-label={`${t('accounts.enter')}: ${account.role === 'shopkeeper' ? t('accounts.shopkeeper', { store: account.storeName ?? '' }) : t('accounts.professional')}`}
              >
                {t('accounts.enter')}
              </Button>
            </HStack>
          </Box>
        ))}
      </Stack>
    </AuthCard>
  );
}
