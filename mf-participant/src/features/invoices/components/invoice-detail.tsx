import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import {
  AutomaticReviewChecks,
  formatDate,
  formatDateTime,
  formatMoney,
  InvoiceEvents,
  LoadingState,
  QueryView,
  StateBadge,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Box, Button, Heading, HStack, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { type Audience, declareDisclosure, getTimeline, sentInvalidates, timelineKey } from '../api/invoices-list';

/** One invoice: its data, how its points were computed, its products and its timeline (sent, reviewed by whom). */
export function InvoiceDetail({ audience, invoice }: { audience: Audience; invoice: Invoice }) {
  const { t } = useTranslation();
  const query = useApiQuery(timelineKey(invoice.id), () => getTimeline(audience, invoice.id), { silent: true });
  return (
    <Stack gap="5">
      <Stack gap="1" fontSize="sm">
        <Box>
          <StateBadge concept="invoiceStatus" state={invoice.status} />
          {invoice.status === 'rejected' && invoice.reason && (
            <Text fontSize="xs" color="muted" mt="1">
              {invoice.reason}
            </Text>
          )}
        </Box>
        {invoice.status === 'pending' && invoice.reviewDeadline && (
          <Text data-testid="review-deadline">
            {t('invoices.underReview', { date: formatDate(invoice.reviewDeadline) })}
          </Text>
        )}
        {audience === 'professional' && invoice.awaitingDisclosure && <DisclosureBox invoice={invoice} />}
        {invoice.status === 'pending' && invoice.automaticReview?.message && (
          <Text color="muted">{invoice.automaticReview.message}</Text>
        )}
        {invoice.automaticReview?.outcome === 'approved' && invoice.reviewedAt && (
          <Text>{t('invoices.creditedAt', { at: formatDateTime(invoice.reviewedAt) })}</Text>
        )}
        <Text>{invoice.store.name}</Text>
        <HStack gap="2" wrap="wrap">
          <StateBadge concept="signature" state={invoice.signature?.status ?? 'unsigned'} />
          {invoice.signature?.status === 'verified' && invoice.signature.signerName && (
            <Text fontSize="xs" color="muted">
              {t('invoices.signedBy', { name: invoice.signature.signerName })}
            </Text>
          )}
        </HStack>
        <Text>{t('invoices.issuedOn', { date: formatDate(`${invoice.issuedOn}T12:00:00Z`) })}</Text>
        <Text>{t('invoices.total', { value: formatMoney(invoice.total) })}</Text>
        {invoice.customer && (
          <Text>{t('invoices.customer', { name: invoice.customer.name ?? invoice.customer.cpf })}</Text>
        )}
      </Stack>
      <QueryView query={query} loading={<LoadingState rows={3} />}>
        {(timeline) => (
          <Stack gap="5">
            {invoice.status !== 'pending' && invoice.status !== 'rejected' && (
              <Box bg="surface.50" p="3" borderRadius="card" fontSize="sm" data-testid="invoice-computation">
                <Text>
                  {t('extract.computation', {
                    value: formatMoney(timeline.computation.participatingTotal),
                    rate: formatPoints(timeline.computation.pointsPerReal),
                    points: formatPoints(timeline.computation.points),
                    count: timeline.computation.points,
                  })}
                </Text>
                {timeline.computation.bonusPoints > 0 && (
                  <Text>
                    {t('extract.computationBonus', {
                      points: formatPoints(timeline.computation.bonusPoints),
                      count: timeline.computation.bonusPoints,
                    })}
                  </Text>
                )}
              </Box>
            )}
            {timeline.automaticReview && <AutomaticReviewChecks review={timeline.automaticReview} />}
            <InvoiceEvents events={timeline.events} texts="invoices" />
          </Stack>
        )}
      </QueryView>
      <Box>
        <Heading as="h3" fontSize="md" mb="2">
          {t('invoices.products')}
        </Heading>
        <Stack gap="2">
          {invoice.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an invoice may repeat a product on two lines
            <HStack key={index} justify="space-between" fontSize="sm" gap="3">
              <Box minW="0">
                <Text truncate>{line.description || line.sku}</Text>
                <Text color="muted" fontSize="xs">
                  {line.sku} · {line.participating ? t('invoices.participating') : t('invoices.notParticipating')}
                </Text>
              </Box>
              <Text whiteSpace="nowrap">{formatMoney(line.total)}</Text>
            </HStack>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * Rules per profession: the invoice counts once its buyer was told of the programme. The professional declares it
 * here; the declaration is recorded with its instant and the invoice goes on to review.
 */
function DisclosureBox({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [declared, setDeclared] = useState(false);
  const declare = useApiMutation(() => declareDisclosure(invoice.id), {
    invalidates: sentInvalidates('professional'),
    success: (answer) => answer.msg,
  });
  if (declared) return <Text data-testid="disclosure-declared">{t('invoices.disclosureDeclared')}</Text>;
  return (
    <Box bg="surface.50" p="3" borderRadius="card" data-testid="disclosure">
      <Text fontWeight="bold">{t('invoices.awaitingDisclosure')}</Text>
      <Text mt="1">{t('invoices.disclosureText')}</Text>
      <Button
        mt="3"
        size="sm"
        colorPalette="primary"
        loading={declare.isPending}
        onClick={async () => {
          const [answer] = await declare.run(undefined);
          if (answer) setDeclared(true);
        }}
      >
        {t('invoices.declareDisclosure')}
      </Button>
    </Box>
  );
}
