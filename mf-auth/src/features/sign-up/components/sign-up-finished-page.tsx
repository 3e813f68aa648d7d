import { RouterLink } from '@especifica/mf-shared/router';
import { Button, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { AuthCard } from '../../../components/auth-card';

export function SignUpFinishedPage() {
  const { t } = useTranslation();
  const signUp = useSession((state) => state.signUp);
  const status = signUp?.status;
  // A shopkeeper confirms the e-mail too, then waits for the store's or the programme's approval.
  const text =
    status === 'shopkeeper'
      ? t('signUp.finishedShopkeeperConfirmText')
      : status === 'active'
        ? t('signUp.finishedShopkeeperText')
        : t('signUp.finishedText');
  return (
    <AuthCard title={t('signUp.finishedTitle')}>
      <Text color="muted" mb="6">
        {text}
      </Text>
      <Button asChild colorPalette="primary" size="lg" w="full">
        <RouterLink to="/login">{t('signUp.goToLogin')}</RouterLink>
      </Button>
    </AuthCard>
  );
}
