import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { InvoiceEvent, InvoiceTimeline } from '@especifica/mf-shared/contracts';
import { type ColorPalette, useTranslation } from '@especifica/mf-shared/ui';
import { StateBadge } from './badges';
import { formatDateTime } from './format';

const eventPalette: Record<InvoiceEvent['action'], ColorPalette> = {
  sent: 'informative',
  updated: 'stone',
  approved: 'success',
  rejected: 'error',
  cancelled: 'stone',
};

export interface InvoiceEventsProps {
  events: InvoiceEvent[];
  /**
   * The text-key prefix of the module that shows it (as a declared list's `headers`): `${texts}.timeline` heads it,
   * `${texts}.events.<action>` names an action, `${texts}.by` who did it and `${texts}.eventReason` a rejection's or
   * cancellation's reason.
   */
  texts: string;
}

/** An invoice's timeline (its participant's and the review queue's): what happened, when, by whom, and why. */
export function InvoiceEvents({ events, texts }: InvoiceEventsProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Heading as="h3" fontSize="md" mb="2">
        {t(`${texts}.timeline`)}
      </Heading>
      <Stack as="ol" gap="3" listStyleType="none" data-testid="invoice-timeline">
        {events.map((event) => (
          <Box as="li" key={`${event.action}-${event.at}`} borderLeftWidth="3px" borderColor="surface.200" pl="3">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={eventPalette[event.action]} variant="subtle">
                {t(`${texts}.events.${event.action}`)}
              </Badge>
              <Text fontSize="sm" color="muted">
                {formatDateTime(event.at)}
              </Text>
            </HStack>
            <Text fontSize="sm">{t(`${texts}.by`, { name: event.by })}</Text>
            {event.reason && <Text fontSize="sm">{t(`${texts}.eventReason`, { reason: event.reason })}</Text>}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

type CheckedReview = NonNullable<InvoiceTimeline['automaticReview']>;

/**
 * What the automatic review decided about an invoice (its participant's and the review queue's timeline): approved by
 * "Sistema", or held on the rule named, and each rule it checked in order, held or not.
 */
export function AutomaticReviewChecks({ review }: { review: CheckedReview }) {
  const { t } = useTranslation();
  const at = formatDateTime(review.at);
  return (
    <Box data-testid="automatic-review">
      <Heading as="h3" fontSize="md" mb="2">
        {t('kit.automaticReview.title')}
      </Heading>
      <Text fontSize="sm" mb="2">
        {review.outcome === 'approved'
          ? t('kit.automaticReview.approved', { at })
          : t('kit.automaticReview.held', { at, rule: review.label ?? '' })}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {review.rules.map((check) => (
          <HStack as="li" key={check.rule} gap="2" align="flex-start">
            <StateBadge concept="reviewRule" state={check.passed ? 'passed' : 'failed'} />
            <Text fontSize="sm">{check.label}</Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
