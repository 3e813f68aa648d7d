import { RouterLink, useLocation } from '@especifica/mf-shared/router';
import { Button, Text, useTranslation } from '@especifica/mf-shared/ui';
import { AuthCard } from '../../../components/auth-card';

export function PasswordRecoveredPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const login = pathname.startsWith('/cms/') ? '/cms/login' : '/login';
  return (
    <AuthCard title={t('recovery.recoveredTitle')}>
      <Text color="muted" mb="6">
        {t('recovery.recoveredText')}
      </Text>
      <Button asChild colorPalette="primary" size="lg" w="full">
        <RouterLink to={login}>{t('recovery.backToLogin')}</RouterLink>
      </Button>
    </AuthCard>
  );
}
