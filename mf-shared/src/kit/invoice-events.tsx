import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { InvoiceEvent } from '@especifica/mf-shared/contracts';
import { formatDateTime } from './format';

const eventPalette: Record<InvoiceEvent['action'], string> = {
  sent: 'informative',
  updated: 'gray',
  approved: 'success',
  rejected: 'error',
  cancelled: 'gray',
};

export interface InvoiceEventsProps {
  events: InvoiceEvent[];
  /** The texts of the module that shows it: the action's name, who did it, and a rejection's or cancellation's reason. */
  texts: {
    action: (action: InvoiceEvent['action']) => string;
    by: (name: string) => string;
    reason: (reason: string) => string;
  };
}

/** An invoice's timeline (its participant's and the review queue's): what happened, when, by whom, and why. */
export function InvoiceEvents({ events, texts }: InvoiceEventsProps) {
  return (
    <Stack as="ol" gap="3" listStyleType="none" data-testid="invoice-timeline">
      {events.map((event) => (
        <Box as="li" key={`${event.action}-${event.at}`} borderLeftWidth="3px" borderColor="surface.200" pl="3">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={eventPalette[event.action]} variant="subtle">
              {texts.action(event.action)}
            </Badge>
            <Text fontSize="sm" color="muted">
              {formatDateTime(event.at)}
            </Text>
          </HStack>
          <Text fontSize="sm">{texts.by(event.by)}</Text>
          {event.reason && <Text fontSize="sm">{texts.reason(event.reason)}</Text>}
        </Box>
      ))}
    </Stack>
  );
}
