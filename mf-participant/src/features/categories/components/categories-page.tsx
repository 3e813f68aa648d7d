import { formatPoints } from '@especifica/mf-shared';
import { type Level, levelProgress, type ParticipantStanding } from '@especifica/mf-shared/contracts';
import { LevelEmblem } from '@especifica/mf-shared/controls';
import { LoadingState, PageLayout, ProgressBar, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import {
  Badge,
  Box,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  useSession,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { getSettings, getStanding, programmeKeys } from '../../programme/api/programme';
import { RulesNotice } from '../../programme/rules-notice';

/** A level's place among the programme's by threshold (0 for the entry level), which its emblem is keyed by. */
const rankIn = (levels: readonly Level[], points: number) => levels.filter((other) => other.points < points).length;

/** /categories: the levels in order with threshold, sublevels and benefits; the person's own highlighted. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const shopkeeper = user?.userType === 'shopkeeper';
  const consultant = user?.shopkeeperType === 'consultant';
  const settings = useApiQuery(programmeKeys.settings, getSettings, { silent: true });
  const standing = useApiQuery(programmeKeys.standing, getStanding, { silent: true });
  const both =
    settings.data && standing.data
      ? { ...settings, data: { levels: settings.data.levels, standing: standing.data } }
      : { ...settings, data: undefined, error: settings.error ?? standing.error };
  return (
    <PageLayout
      title={shopkeeper ? t('categories.titleShopkeeper') : t('categories.title')}
      description={t('categories.description')}
    >
      <QueryView query={both} loading={<LoadingState kind="cards" />}>
        {({ levels, standing: mine }) => (
          <Stack gap="6">
            <RulesNotice about="levels" />
            <Standing standing={mine} consultant={consultant} levels={levels} />
            <SimpleGrid as="ol" columns={{ base: 1, md: 2, xl: 4 }} gap="4" listStyleType="none" m="0" p="0">
              {levels.map((level, index) => (
                <LevelCard
                  key={level.id}
                  level={level}
                  rank={rankIn(levels, level.points)}
                  next={levels[index + 1] ?? null}
                  current={!consultant && level.name === mine.level}
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

function Standing({
  standing,
  consultant,
  levels,
}: {
  standing: ParticipantStanding;
  consultant: boolean;
  levels: Level[];
}) {
  const { t } = useTranslation();
  if (consultant || !standing.level) {
    return (
      <Box bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid="categories-standing">
        <Text fontSize="xl" fontWeight="bold">
          {t('categories.earned', {
            points: formatPoints(standing.earnedInCycle),
            count: standing.earnedInCycle,
            year: standing.cycleYear,
          })}
        </Text>
        {consultant && <Text color="muted">{t('categories.consultant')}</Text>}
      </Box>
    );
  }
  const own = levels.find((level) => level.name === standing.level);
  return (
    <Box bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid="categories-standing">
      {/* Decoration: the sentence beside it names the level. */}
      {own && (
        <Box float="right" ms="4" lineHeight="0">
          <LevelEmblem rank={rankIn(levels, own.points)} size={80} />
        </Box>
      )}
      <Text fontSize="xl" fontWeight="bold">
        {t('categories.yours', { level: standing.level, sublevel: standing.sublevel })}
      </Text>
      <Text color="muted" mb="3">
        {t('categories.earned', {
          points: formatPoints(standing.earnedInCycle),
          count: standing.earnedInCycle,
          year: standing.cycleYear,
        })}
      </Text>
      <ProgressBar value={levelProgress(standing)} label={t('categories.progress')} />
      <Text fontSize="sm" mt="2">
        {standing.nextLevel && standing.pointsToNextLevel !== null
          ? t('categories.toNext', {
              points: formatPoints(standing.pointsToNextLevel),
              count: standing.pointsToNextLevel,
              level: standing.nextLevel,
            })
          : t('categories.top')}
      </Text>
    </Box>
  );
}

function LevelCard({
  level,
  rank,
  next,
  current,
}: {
  level: Level;
  rank: number;
  next: Level | null;
  current: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      as="li"
      bg="card"
      p="5"
      borderRadius="card"
      boxShadow="sm"
      borderWidth="2px"
      borderColor={current ? 'brand' : 'transparent'}
      aria-current={current ? 'true' : undefined}
      data-testid="level-card"
    >
      <HStack justify="space-between" mb="2">
        <HStack gap="3">
          {/* Decoration: the heading beside it names the level. */}
          <LevelEmblem rank={rank} size={40} />
          <Heading as="h2" fontSize="lg">
            {level.name}
          </Heading>
        </HStack>
        {current && <Badge colorPalette="primary">{t('categories.current')}</Badge>}
      </HStack>
      <Text fontSize="sm">
        {next
          ? t('categories.range', { from: formatPoints(level.points), to: formatPoints(next.points) })
          : t('categories.from', { from: formatPoints(level.points), count: level.points })}
      </Text>
      <Text fontSize="sm" color="muted">
        {t('categories.sublevels', { count: level.sublevels })}
      </Text>
      {level.benefits && (
        <Box mt="3">
          <Text fontSize="sm" fontWeight="bold">
            {t('categories.benefits')}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line">
            {level.benefits}
          </Text>
        </Box>
      )}
    </Box>
  );
}
