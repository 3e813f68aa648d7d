import type { CmsDashboard } from '@especifica/mf-shared/contracts';
import { Box, Container, Heading, SimpleGrid, Spinner, Stat, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { getCmsDashboard } from '../api/get-cms-dashboard';

const figures = ['professionals', 'stores', 'shopkeepers', 'admins'] as const;

export function CmsDashboardPage() {
  const { t } = useTranslation();
  const [data, setData] = useState<CmsDashboard | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    getCmsDashboard().then(([result, error]) => {
      if (!active) return;
      if (result) setData(result);
      else if (error) setFailed(error.msg);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <Container maxW="1280px" py="10">
      <Heading as="h1" fontSize="el" mb="8">
        {t('cms.dashboardTitle')}
      </Heading>
      {failed && <Text role="alert">{failed}</Text>}
      {!data && !failed && (
        <Box p="16" textAlign="center">
          <Spinner size="lg" color="brand" aria-label={t('common.loading')} />
        </Box>
      )}
      {data && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {figures.map((key) => (
            <Stat.Root key={key} bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid={`cms-${key}`}>
              <Stat.Label>{t(`cms.${key}`)}</Stat.Label>
              <Stat.ValueText fontSize="el">{data[key].toLocaleString('pt-BR')}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
