import { LoadingState, PageLayout, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import { Navigate, useParams } from '@especifica/mf-shared/router';
import { Box, chakra, HStack, SimpleGrid, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { experienceKeys, getExperience } from '../api/experiences';
import { ExperienceFacts } from './experience-card';
import { AvailabilityBadge, SubscriptionActions } from './subscription-actions';

/** /experiences/:id: the whole experience, its state for the person, and subscribing or cancelling. */
export function ExperienceDetailPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const { id = '' } = useParams();
  const query = useApiQuery(experienceKeys.one(id), () => getExperience(id), { silent: true });
  if (user?.shopkeeperType === 'consultant') return <Navigate to="/dashboard" replace />;
  return (
    <PageLayout
      title={query.data?.name ?? t('experiences.title')}
      breadcrumb={[{ label: t('experiences.title'), href: '/experiences' }, { label: query.data?.name ?? '…' }]}
    >
      <QueryView query={query} loading={<LoadingState kind="cards" rows={2} />}>
        {(experience) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
            {experience.image ? (
              <chakra.img
                src={experience.image}
                alt=""
                w="100%"
                h={{ base: '220px', md: '340px' }}
                borderRadius="card"
                objectFit="cover"
              />
            ) : (
              <Box bg="surface.100" borderRadius="card" minH="200px" />
            )}
            <Stack gap="4">
              <HStack gap="2" wrap="wrap">
                <Text color="muted">{experience.category.name}</Text>
                <AvailabilityBadge experience={experience} />
              </HStack>
              <ExperienceFacts experience={experience} />
              {experience.description && <Text whiteSpace="pre-line">{experience.description}</Text>}
              <SubscriptionActions experience={experience} />
            </Stack>
          </SimpleGrid>
        )}
      </QueryView>
    </PageLayout>
  );
}
