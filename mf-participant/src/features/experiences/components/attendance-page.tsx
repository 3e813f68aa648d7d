import { formatPoints } from '@especifica/mf-shared';
import { ButtonLink, ErrorState, PageLayout, queryKeys, useApiMutation } from '@especifica/mf-shared/kit';
import { Navigate, useLocation, useParams } from '@especifica/mf-shared/router';
import { Alert, Spinner, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useRef, useState } from 'react';
import { confirmAttendance } from '../api/experiences';

/**
 * /experiences/qrcode/:experienceId/:code, scanned at the event: logged in, it confirms the attendance and shows
 * the points given; logged out (the path is public, spec 2.1), it sends to the login, which brings the person back.
 */
export function AttendancePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const location = useLocation();
  const { experienceId = '', code = '' } = useParams();
  const shopkeeper = user?.userType === 'shopkeeper';
  const attend = useApiMutation(() => confirmAttendance(experienceId, code, shopkeeper), {
    invalidates: [queryKeys.participant],
    silent: true,
  });
  const { run } = attend;
  const [answer, setAnswer] = useState<{ msg: string; points: number } | null>(null);
  // One scan, one confirmation: a re-render never sends it again.
  const asked = useRef(false);
  useEffect(() => {
    if (!user || asked.current) return;
    asked.current = true;
    void run(undefined).then(([confirmed]) => setAnswer(confirmed));
  }, [user, run]);

  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  return (
    <PageLayout title={t('attendance.title')} width="narrow">
      <Stack gap="4" aria-live="polite">
        {attend.error ? (
          <ErrorState error={attend.error} />
        ) : answer ? (
          <Alert.Root status="success" data-testid="attendance-confirmed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{answer.msg}</Alert.Title>
              {answer.points > 0 && (
                <Alert.Description>{t('attendance.points', { points: formatPoints(answer.points) })}</Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack direction="row" gap="3" align="center">
            <Spinner size="sm" />
            <Text>{t('attendance.confirming')}</Text>
          </Stack>
        )}
        <ButtonLink variant="outline" colorPalette="primary" alignSelf="flex-start" to="/experiences?view=mine">
          {t('attendance.mine')}
        </ButtonLink>
      </Stack>
    </PageLayout>
  );
}
