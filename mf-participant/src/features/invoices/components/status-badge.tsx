import type { Invoice, InvoiceStatus } from '@especifica/mf-shared/contracts';
import { RowBadge, RowText } from '@especifica/mf-shared/list';
import { Badge, Box, type ColorPalette, Text, useTranslation } from '@especifica/mf-shared/ui';

export const statusPalette: Record<InvoiceStatus, ColorPalette> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'gray',
};

/** The invoice's status (pendente, aprovada, reprovada with its reason, cancelada). */
export function StatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Badge colorPalette={statusPalette[invoice.status]} variant="subtle">
        {t(`invoices.statuses.${invoice.status}`)}
      </Badge>
      {invoice.status === 'rejected' && invoice.reason && (
        <Text fontSize="xs" color="muted" mt="1">
          {invoice.reason}
        </Text>
      )}
    </Box>
  );
}

/** The same in a row of the list, drawn with the list's row parts (RowBadge, RowText) rather than a Chakra component each. */
export function StatusCell({ invoice }: { invoice: Pick<Invoice, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <>
      <RowBadge palette={statusPalette[invoice.status]}>{t(`invoices.statuses.${invoice.status}`)}</RowBadge>
      {invoice.status === 'rejected' && invoice.reason && <RowText tone="note">{invoice.reason}</RowText>}
    </>
  );
}
