import {
  EmptyResult,
  LoadingState,
  NoMatch,
  PageLayout,
  QueryView,
  useApiQuery,
  useMyRules,
} from '@especifica/mf-shared/kit';
import { type Filter, Toolbar } from '@especifica/mf-shared/list';
import { Navigate, useSearchParams } from '@especifica/mf-shared/router';
import { Button, HStack, SimpleGrid, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { experienceKeys, getCatalogue, getCategories, getMine, upcomingMonths } from '../api/experiences';
import { ExperienceCard } from './experience-card';

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** /experiences: the catalogue with its filters in the URL, and "Minhas inscrições". Consultants have no such page. */
export function ExperiencesPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const [params, setParams] = useSearchParams();
  const mine = params.get('view') === 'mine';
  const category = params.get('category') ?? undefined;
  const month = params.get('month') ?? undefined;
  const categories = useApiQuery(experienceKeys.categories, getCategories, { silent: true });
  const catalogue = useApiQuery(experienceKeys.catalogue(category, month), () => getCatalogue(category, month), {
    silent: true,
    enabled: !mine,
    keepPrevious: true,
  });
  const subscriptions = useApiQuery(experienceKeys.mine, getMine, { silent: true, enabled: mine });
  // Rules per profession: experiences open to the professional are not "traded for points".
  const openToMe = useMyRules(user?.userType === 'professional').data?.experiences === 'open';
  if (user?.shopkeeperType === 'consultant') return <Navigate to="/dashboard" replace />;

  const set = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const months = upcomingMonths(new Date(), month);
  const filters: Filter[] = [
    {
      key: 'category',
      label: t('experiences.category'),
      options: (categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      key: 'month',
      label: t('experiences.month'),
      options: months.map((value) => ({ value, label: monthName.format(new Date(`${value}-15T12:00:00Z`)) })),
    },
  ];
  return (
    <PageLayout
      title={t('experiences.title')}
      description={t(openToMe ? 'experiences.descriptionOpen' : 'experiences.description')}
      width="wide"
    >
      <HStack as="nav" aria-label={t('experiences.views')} gap="2" mb="4">
        <Button
          variant={mine ? 'outline' : 'solid'}
          colorPalette="primary"
          aria-current={mine ? undefined : 'page'}
          onClick={() => set('view', undefined)}
        >
          {t('experiences.catalogue')}
        </Button>
        <Button
          variant={mine ? 'solid' : 'outline'}
          colorPalette="primary"
          aria-current={mine ? 'page' : undefined}
          onClick={() => set('view', 'mine')}
        >
          {t('experiences.mine')}
        </Button>
      </HStack>
      {!mine && (
        <Toolbar
          filters={{
            items: filters,
            values: { category, month },
            onChange: (name, value) => set(name, value || undefined),
          }}
        />
      )}
      <QueryView
        query={mine ? subscriptions : catalogue}
        loading={<LoadingState kind="cards" rows={3} />}
        isEmpty={(page) => page.items.length === 0}
        empty={
          mine ? (
            <EmptyResult
              title={t('experiences.noSubscriptions')}
              description={t('experiences.noSubscriptionsHint')}
              drawing="experience"
              next={{ label: t('nextStep.catalogue'), onClick: () => set('view', undefined) }}
            />
          ) : category || month ? (
            <NoMatch onClear={() => setParams(new URLSearchParams(), { replace: true })} />
          ) : (
            <EmptyResult
              title={t('experiences.empty')}
              description={t('experiences.emptyHint')}
              drawing="experience"
              next={{ label: t('nextStep.score'), to: '/score' }}
            />
          )
        }
      >
        {(page) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
            {page.items.map((experience) => (
              <ExperienceCard key={experience.id} experience={experience} />
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </PageLayout>
  );
}
