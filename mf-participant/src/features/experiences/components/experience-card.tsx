import { formatPoints } from '@especifica/mf-shared';
import type { ParticipantExperience } from '@especifica/mf-shared/contracts';
import { formatDateTime } from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, Box, Card, chakra, Heading, HStack, Link, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { AvailabilityBadge, SubscriptionActions } from './subscription-actions';

/** One experience of the catalogue: picture, name, category, date, place, cost, seats left and minimum level. */
export function ExperienceCard({ experience }: { experience: ParticipantExperience }) {
  return (
    <Card.Root overflow="hidden" boxShadow="sm" data-testid="experience-card">
      {experience.image ? (
        <chakra.img src={experience.image} alt="" h="160px" w="100%" objectFit="cover" loading="lazy" />
      ) : (
        <Box h="8px" bg="brand" />
      )}
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="terracotta" variant="subtle">
            {experience.category.name}
          </Badge>
          <AvailabilityBadge experience={experience} />
        </HStack>
        <Heading as="h2" fontSize="lg">
          <Link asChild colorPalette="primary">
            <RouterLink to={`/experiences/${experience.id}`}>{experience.name}</RouterLink>
          </Link>
        </Heading>
        <ExperienceFacts experience={experience} />
      </Card.Body>
      <Card.Footer>
        <SubscriptionActions experience={experience} />
      </Card.Footer>
    </Card.Root>
  );
}

export function ExperienceFacts({ experience }: { experience: ParticipantExperience }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1" fontSize="sm">
      <Text>{formatDateTime(experience.happensAt)}</Text>
      {experience.place && <Text color="muted">{experience.place}</Text>}
      <Text fontWeight="bold">
        {experience.open
          ? t('experiences.openToYou')
          : experience.points > 0
            ? t('experiences.cost', { points: formatPoints(experience.points), count: experience.points })
            : t('experiences.free')}
      </Text>
      <Text>{t('experiences.seatsLeft', { count: experience.seatsLeft })}</Text>
      {experience.minLevel && !experience.open && (
        <Text>{t('experiences.minLevel', { level: experience.minLevel.name })}</Text>
      )}
    </Stack>
  );
}
