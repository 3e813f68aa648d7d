import { Celebration, formatDate, LoadingState, PageLayout, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import { Navigate, useParams, useSearchParams } from '@especifica/mf-shared/router';
import { HStack, SimpleGrid, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { experienceKeys, getExperience } from '../api/experiences';
import { ExperienceFacts, ExperiencePicture } from './experience-card';
import { AvailabilityBadge, JOINED, SubscriptionActions } from './subscription-actions';

/** /experiences/:id: the whole experience, its state for the person, and subscribing or cancelling. */
export function ExperienceDetailPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const balance = useSession((state) => state.score?.points ?? null);
  const query = useApiQuery(experienceKeys.one(id), () => getExperience(id), { silent: true });
  if (user?.shopkeeperType === 'consultant') return <Navigate to="/dashboard" replace />;
  return (
    <PageLayout
      title={query.data?.name ?? t('experiences.title')}
      breadcrumb={[{ label: t('experiences.title'), href: '/experiences' }, { label: query.data?.name ?? '…' }]}
    >
      <QueryView query={query} loading={<LoadingState kind="cards" rows={2} />}>
        {(experience) => (
          <Stack gap="6">
            {params.get(JOINED) !== null && (
              <Celebration
                title={t('experiences.joinedTitle')}
                drawing="experience"
                balance={balance}
                next={[
                  { label: t('experiences.joinedMine'), to: '/experiences?view=mine' },
                  { label: t('experiences.joinedCatalogue'), to: '/experiences' },
                ]}
                onClose={() => setParams({}, { replace: true })}
              >
                {t('experiences.joined', { name: experience.name, date: formatDate(experience.happensAt) })}
              </Celebration>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
              <ExperiencePicture image={experience.image} rounded />
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
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
