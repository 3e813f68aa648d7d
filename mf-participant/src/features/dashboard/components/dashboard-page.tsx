import { formatPoints, session } from '@especifica/mf-shared';
import type { DashboardData } from '@especifica/mf-shared/contracts';
import {
  Box,
  Container,
  Heading,
  SimpleGrid,
  Spinner,
  Stat,
  Text,
  useSession,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { getDashboardData } from '../api/get-dashboard-data';

export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const consultant = user?.shopkeeperType === 'consultant';

  useEffect(() => {
    let active = true;
    getDashboardData().then(([result, error]) => {
      if (!active) return;
      if (result) {
        setData(result);
        session.setScore({ level: result.level.name, points: result.totalPoints, sublevel: result.level.sublevel });
      } else setFailed(error?.msg ?? t('dashboard.loadError'));
    });
    return () => {
      active = false;
    };
  }, [t]);

  if (failed)
    return (
      <Text p="8" role="alert">
        {failed}
      </Text>
    );
  if (!data)
    return (
      <Box p="16" textAlign="center">
        <Spinner size="lg" color="brand" aria-label={t('common.loading')} />
      </Box>
    );

  const { level } = data;
  return (
    <Container maxW="1104px" py="10">
      <Heading as="h1" fontSize="el" mb="8">
        {t('dashboard.greeting', { name: data.name })}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: consultant ? 1 : 2 }} gap="6">
        {!consultant && (
          <Stat.Root bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid="dashboard-level">
            <Stat.Label>{t('dashboard.level')}</Stat.Label>
            <Stat.ValueText fontSize="xxxl">{level.name}</Stat.ValueText>
            <Stat.HelpText>{t('dashboard.sublevel', { sublevel: level.sublevel })}</Stat.HelpText>
          </Stat.Root>
        )}
        <Stat.Root bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid="dashboard-points">
          <Stat.Label>{t('dashboard.points')}</Stat.Label>
          <Stat.ValueText fontSize="xxxl">
            {formatPoints(data.totalPoints)} {t('common.points')}
          </Stat.ValueText>
          {!consultant && (
            <Stat.HelpText>
              {level.nextLevel && level.pointsToNextLevel !== null
                ? t('dashboard.toNext', { points: formatPoints(level.pointsToNextLevel), level: level.nextLevel })
                : t('dashboard.topLevel')}
            </Stat.HelpText>
          )}
        </Stat.Root>
      </SimpleGrid>
    </Container>
  );
}
