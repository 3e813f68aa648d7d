import { formatPoints } from '@especifica/mf-shared';
import type { Accelerator } from '@especifica/mf-shared/contracts';
import {
  EmptyResult,
  formatDate,
  formatLastDay,
  LoadingState,
  PageLayout,
  QueryView,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { getAccelerators, isRunning, programmeKeys } from '../../programme/api/programme';
import { RulesNotice } from '../../programme/rules-notice';

/** /accelerators: the accelerators running now and those to come, what they apply to, multiplier and period. */
export function AcceleratorsPage() {
  const { t } = useTranslation();
  const accelerators = useApiQuery(programmeKeys.accelerators, getAccelerators, { silent: true });
  return (
    <PageLayout title={t('accelerators.title')} description={t('accelerators.description')}>
      <QueryView
        query={accelerators}
        loading={<LoadingState kind="cards" />}
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyResult
            title={t('accelerators.empty')}
            drawing="product"
            next={{ label: t('nextStep.products'), to: '/products' }}
          />
        }
      >
        {(page) => {
          const running = page.items.filter((item) => isRunning(item));
          const coming = page.items.filter((item) => !isRunning(item));
          return (
            <Stack gap="8">
              <RulesNotice about="points" />
              <Group title={t('accelerators.running')} items={running} empty={t('accelerators.noneRunning')} />
              <Group title={t('accelerators.coming')} items={coming} empty={t('accelerators.noneComing')} />
            </Stack>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}

function Group({ title, items, empty }: { title: string; items: Accelerator[]; empty: string }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" fontSize="lg" mb="3">
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text color="muted">{empty}</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" m="0" p="0">
          {items.map((item) => (
            <AcceleratorCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

function AcceleratorCard({ item }: { item: Accelerator }) {
  const { t } = useTranslation();
  return (
    <Box as="li" bg="card" p="5" borderRadius="card" boxShadow="sm" data-testid="accelerator">
      <HStack justify="space-between" align="start" gap="3">
        <Heading as="h3" fontSize="md">
          {item.name}
        </Heading>
        <Badge colorPalette="brass" fontSize="md">
          {t('accelerators.multiplier', { value: formatPoints(item.multiplier) })}
        </Badge>
      </HStack>
      <Text fontSize="sm" mt="2">
        {t(`accelerators.targets.${item.targetType}`)}: <strong>{item.targetLabel}</strong>
      </Text>
      <Text fontSize="sm" color="muted">
        {t('accelerators.period', { from: formatDate(item.startsAt), to: formatLastDay(item.endsAt) })}
      </Text>
      {item.description && (
        <Text fontSize="sm" mt="2">
          {item.description}
        </Text>
      )}
    </Box>
  );
}
