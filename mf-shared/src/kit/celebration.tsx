import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatPoints } from '@especifica/mf-shared';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { ButtonLink } from './button-link';
import { type Drawing, FieldDrawing } from './drawings';
import type { NextStep } from './empty-state';

export interface CelebrationProps {
  /** What happened, in a few words ("Inscrição confirmada", "Nota fiscal aprovada"). */
  title: string;
  /** One sentence of what it means for the person. */
  children: ReactNode;
  /** The line drawing of the moment (the empty states' style); `emblem` draws something of its own instead. */
  drawing?: Drawing;
  emblem?: ReactNode;
  /** The person's balance after it, in points. */
  balance?: number | null;
  /** The next steps, the first drawn as the main button. */
  next?: readonly NextStep[];
  /** Puts the moment away ("Fechar"). */
  onClose?: () => void;
}

/**
 * A moment that celebrates: a subscription, a level reached, an approved invoice. A panel of its own at the top of the
 * page, not only a toast: the field's drawing, what happened, the new balance and the next step. Announced to screen
 * readers as a status.
 */
export function Celebration({
  title,
  children,
  drawing = 'approved',
  emblem,
  balance,
  next = [],
  onClose,
}: CelebrationProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="celebration"
      bg="card"
      borderRadius="card"
      borderWidth="1px"
      borderColor="primary.emphasized"
      boxShadow="sm"
      p={{ base: '5', md: '6' }}
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '3', md: '6' }} align={{ md: 'center' }}>
        <Box color="brand" flexShrink={0}>
          {emblem ?? <FieldDrawing drawing={drawing} width={120} />}
        </Box>
        <Stack gap="2" flex="1" minW="0">
          <Heading as="h2" fontSize="xl">
            {title}
          </Heading>
          <Text>{children}</Text>
          {balance !== undefined && balance !== null && (
            <Text fontWeight="semibold" data-testid="celebration-balance">
              {t('kit.balanceNow', { points: formatPoints(balance), count: balance })}
            </Text>
          )}
          <HStack gap="2" wrap="wrap" mt="2">
            {next.map((step, i) =>
              'to' in step ? (
                <ButtonLink
                  key={step.label}
                  to={step.to}
                  size="sm"
                  colorPalette="primary"
                  variant={i === 0 ? 'solid' : 'outline'}
                >
                  {step.label}
                </ButtonLink>
              ) : (
                <Button
                  key={step.label}
                  size="sm"
                  colorPalette="primary"
                  variant={i === 0 ? 'solid' : 'outline'}
                  onClick={step.onClick}
                >
                  {step.label}
                </Button>
              ),
            )}
            {onClose && (
              <Button size="sm" variant="ghost" onClick={onClose}>
                {t('kit.close')}
              </Button>
            )}
          </HStack>
        </Stack>
      </Stack>
    </Box>
  );
}
