import { Box, Button, EmptyState } from '@chakra-ui/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { ButtonLink } from './button-link';
import { type Drawing, FieldDrawing } from './drawings';

/** The next step out of an empty state: a page of the app (`to`) or an action of the screen (`onClick`). */
export type NextStep = { label: string; to: string } | { label: string; onClick: () => void };

export interface EmptyResultProps {
  /** What is missing, in a few words ("Nenhuma nota fiscal"); the kit's "Nenhum resultado encontrado" otherwise. */
  title?: ReactNode;
  /** One sentence that explains why, or what fills it. */
  description?: ReactNode;
  /** The line drawing above it (the field's drawings: `invoice`, `people`, `store`, …); a room's plan otherwise. */
  drawing?: Drawing;
  /** The next step, drawn as a button. */
  next?: NextStep;
  /** Inside a card or a section of a page (the dashboard's): a smaller drawing and less room. */
  compact?: boolean;
}

/**
 * Nothing to show: a line drawing of the field, what is missing, one sentence that explains, and the next step as a
 * button. Every list and page that can be empty draws it, so an empty screen always says what to do.
 */
export function EmptyResult({ title, description, drawing, next, compact }: EmptyResultProps) {
  const { t } = useTranslation();
  return (
    <EmptyState.Root data-testid="empty-state" size="sm" py={compact ? '2' : undefined}>
      <EmptyState.Content>
        <Box color="brand" data-testid="empty-drawing">
          <FieldDrawing drawing={drawing} width={compact ? 72 : 120} />
        </Box>
        <EmptyState.Title>{title ?? t('kit.empty')}</EmptyState.Title>
        {description && (
          <EmptyState.Description maxW="md" textAlign="center">
            {description}
          </EmptyState.Description>
        )}
        {next &&
          ('to' in next ? (
            <ButtonLink to={next.to} variant="outline" colorPalette="primary" size="sm" mt="2">
              {next.label}
            </ButtonLink>
          ) : (
            <Button variant="outline" colorPalette="primary" size="sm" mt="2" onClick={next.onClick}>
              {next.label}
            </Button>
          ))}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A search or filters that found nothing: the kit's sentence and "Limpar filtros", which `onClear` does. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyResult
      drawing="search"
      description={t('kit.emptyHint')}
      next={{ label: t('kit.clearFilters'), onClick: onClear }}
    />
  );
}
