import { formatPoints } from '@especifica/mf-shared';
import type { ParticipantExperience } from '@especifica/mf-shared/contracts';
import { formatDateTime } from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, Box, Card, Heading, HStack, Link, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { AvailabilityBadge, SubscriptionActions } from './subscription-actions';

/** One experience of the catalogue: picture, name, category, date, place, cost, seats left and minimum level. */
export function ExperienceCard({ experience }: { experience: ParticipantExperience }) {
  return (
    <Card.Root overflow="hidden" boxShadow="sm" data-testid="experience-card">
      <ExperiencePicture image={experience.image} lazy />
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

const pictureStyle = { display: 'block', width: '100%', height: '100%', objectFit: 'cover' } as const;

/**
 * An experience's picture at 16:9 (the demo's are drawn at 480 × 270), cropped to fill: its box has its size before
 * the file arrives, so nothing below it moves. A card's waits until near the screen; the detail page's is in view.
 */
export function ExperiencePicture({
  image,
  lazy,
  rounded,
}: {
  image: string | null;
  lazy?: boolean;
  rounded?: boolean;
}) {
  return (
    <Box
      aspectRatio="wide"
      w="100%"
      bg="surface.100"
      overflow="hidden"
      borderRadius={rounded ? 'card' : undefined}
      data-testid="experience-picture"
    >
      {image && (
        // A plain element: Chakra would take `width` and `height` for styles, and the file's size must be attributes.
        <img
          src={image}
          alt=""
          width={480}
          height={270}
          style={pictureStyle}
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
        />
      )}
    </Box>
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
