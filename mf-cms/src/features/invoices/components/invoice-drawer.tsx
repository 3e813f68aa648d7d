import { formatPoints, toasts } from '@especifica/mf-shared';
import { type ApiError, formatAccessKey, formatCnpj, type Invoice } from '@especifica/mf-shared/contracts';
import { Drawer, DrawerActions } from '@especifica/mf-shared/controls';
import { Form, SubmitButton, TextField, useConfirm, useForm, zodResolver } from '@especifica/mf-shared/forms';
import {
  AutomaticReviewChecks,
  formatDate,
  formatDateTime,
  formatMoney,
  InvoiceEvents,
  LoadingState,
  QueryView,
  resourceKey,
  StateBadge,
  useApiMutation,
  useApiQuery,
  useDownload,
} from '@especifica/mf-shared/kit';
import { cell, DataTable, defineColumns, useColumns } from '@especifica/mf-shared/list';
import {
  Box,
  Button,
  chakra,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { type ReactNode, useMemo, useState } from 'react';
import {
  decideInvoice,
  type InvoiceDecision,
  invoiceFileUrl,
  invoiceQueue,
  type RejectValues,
  rejectSchema,
  reviewTimeline,
  reviewTimelineKey,
  shortfallOf,
} from '../api/invoices';
import { InvoiceProductsForm } from './invoice-products-form';
import { InvoiceFilePreview } from './invoice-review';

type Line = Invoice['lines'][number];

/** What a line's points column reads: the invoice's lines and their points, in the same order. */
interface LineTable {
  lines: readonly Line[];
  linePoints: readonly number[] | undefined;
}

/**
 * What each line was credited at approval (kept since, whatever the rules now say), or for a pending invoice what
 * today's rules would give; blank until the review data arrives.
 */
const linePointsCell = (line: Line, _t: unknown, { lines, linePoints }: LineTable) => {
  const points = linePoints?.[lines.indexOf(line)];
  return points === undefined ? '—' : formatPoints(points);
};

/** The invoice's products, as cards: the drawer is at most 576 px wide. */
const lineColumnsOf = defineColumns<Line, LineTable>('cms.invoices', [
  { key: 'sku', header: 'cms.invoices.sku' },
  { key: 'description', header: 'cms.invoices.description' },
  { key: 'quantity', numeric: true },
  { key: 'total', numeric: true, cell: (line) => formatMoney(line.total) },
  {
    key: 'participating',
    cell: (line) => cell.badge('lineParticipation', line.participating ? 'participating' : 'notParticipating'),
  },
  { key: 'pointsCredited', numeric: true, cell: linePointsCell },
  { key: 'pointsPreview', numeric: true, cell: linePointsCell },
]);

/** One invoice beside the queue: its fields, its products, its file, and the decisions its status allows. */
export function InvoiceDrawer({
  invoice,
  onClose,
  onChange,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  /** The invoice as saved after an edit of its products, to show it in place. */
  onChange?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={invoice !== null}
      onClose={onClose}
      title={invoice ? t('cms.invoices.detail', { number: `${invoice.number}/${invoice.series}` }) : undefined}
    >
      {invoice && <InvoiceDetail key={invoice.id} invoice={invoice} done={onClose} changed={onChange} />}
    </Drawer>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="sm" color="muted">
        {label}
      </Text>
      {/* A long word (an e-mail) may break anywhere; a key in groups of four breaks between its groups. */}
      <Box overflowWrap="anywhere">{children}</Box>
    </Box>
  );
}

/** A document number kept on one line: a CNPJ broken in two is read as two numbers. */
const Nowrap = ({ children }: { children: ReactNode }) => <chakra.span whiteSpace="nowrap">{children}</chakra.span>;

/** The NF-e's signature: the store's own (whose certificate signed it), none, or one that failed (why). */
function SignatureDetail({ invoice }: { invoice: Invoice }) {
  const signature = invoice.signature;
  const status = signature?.status ?? 'unsigned';
  const note =
    signature?.status === 'verified' ? (
      <>
        {signature.signerName ?? ''} {signature.signerCnpj && <Nowrap>({formatCnpj(signature.signerCnpj)})</Nowrap>}
      </>
    ) : signature?.status === 'invalid' ? (
      signature.reason
    ) : null;
  return (
    <Stack gap="1" align="flex-start">
      <StateBadge concept="signature" state={status} />
      {note && <Text fontSize="sm">{note}</Text>}
    </Stack>
  );
}

function InvoiceDetail({
  invoice,
  done,
  changed,
}: {
  invoice: Invoice;
  done: () => void;
  changed?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const download = useDownload();
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState(false);
  const [editing, setEditing] = useState(false);
  const timeline = useApiQuery(reviewTimelineKey(invoice.id), () => reviewTimeline(invoice.id), { silent: true });
  const linePoints = timeline.data?.linePoints;
  const credited = timeline.data?.linePointsCredited ?? false;
  const decide = useApiMutation((decision: InvoiceDecision) => decideInvoice(invoice, decision), {
    invalidates: [resourceKey(invoiceQueue), ['cms']],
    success: (answer) => answer.msg,
    silent: true,
  });
  /** Answers the refusal: the reject form puts it on its field, the buttons toast it. */
  const run = async (decision: InvoiceDecision) => {
    const [, error] = await decide.run(decision);
    if (!error) done();
    return error;
  };
  const press = async (decision: InvoiceDecision) => {
    const error = await run(decision);
    if (error) toasts.error(error.msg);
  };
  const cancel = async () => {
    // The points already spent: what the reversal takes beyond the balance leaves it negative.
    const shortfall = timeline.data ? shortfallOf(invoice, timeline.data.professional.balance) : 0;
    const description = t('cms.invoices.cancelDescription', {
      points: formatPoints(invoice.points + invoice.bonusPoints),
      count: invoice.points + invoice.bonusPoints,
      name: invoice.professional.name,
    });
    const warning =
      shortfall > 0
        ? t('cms.invoices.negativeBalance', {
            name: invoice.professional.name,
            points: formatPoints(shortfall),
            count: shortfall,
          })
        : null;
    const yes = await confirm({
      title: t('cms.invoices.cancelTitle', { number: invoice.number }),
      description: warning ? `${description} ${warning}` : description,
      confirmLabel: t('cms.invoices.cancel'),
      destructive: true,
    });
    if (yes) await press({ status: 'cancelled' });
  };

  // The points column says whether they were credited or are a preview: the other one is left out.
  const lineTable = useMemo(() => ({ lines: invoice.lines, linePoints }), [invoice.lines, linePoints]);
  const lineColumns = useColumns(lineColumnsOf, lineTable, [credited ? 'pointsPreview' : 'pointsCredited']);

  return (
    <Stack gap="5">
      {invoice.awaitingDisclosure && (
        // Rules per profession: the approval waits for the professional's declaration (docs/privacy.md).
        <Box bg="surface.50" p="3" borderRadius="card" fontSize="sm" data-testid="awaiting-disclosure">
          <Text fontWeight="bold">{t('cms.invoices.awaitingDisclosure')}</Text>
          <Text mt="1">{t('cms.invoices.awaitingDisclosureHint', { name: invoice.professional.name })}</Text>
        </Box>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Detail label={t('cms.invoices.status')}>{t(`cms.invoices.statuses.${invoice.status}`)}</Detail>
        <Detail label={t('cms.invoices.store')}>
          {invoice.store.name} <Nowrap>({formatCnpj(invoice.store.cnpj)})</Nowrap>
        </Detail>
        <Detail label={t('cms.invoices.professional')}>{invoice.professional.name}</Detail>
        <Detail label={t('cms.invoices.origin')}>{t(`cms.invoices.origins.${invoice.submittedBy}`)}</Detail>
        <Detail label={t('cms.invoices.issuedOn')}>{formatDate(invoice.issuedOn)}</Detail>
        <Detail label={t('cms.invoices.sentOn')}>{formatDateTime(invoice.createdAt)}</Detail>
        <Detail label={t('cms.invoices.total')}>{formatMoney(invoice.total)}</Detail>
        <Detail label={t('cms.invoices.points')}>
          {invoice.status === 'pending' ? '—' : formatPoints(invoice.points)}
          {invoice.bonusPoints > 0 && ` + ${formatPoints(invoice.bonusPoints)} (${t('cms.invoices.bonus')})`}
        </Detail>
        {invoice.customer && (
          <Detail label={t('cms.invoices.customer')}>{invoice.customer.name ?? invoice.customer.cpf}</Detail>
        )}
        {invoice.accessKey && <Detail label={t('cms.invoices.accessKey')}>{formatAccessKey(invoice.accessKey)}</Detail>}
        {invoice.reason && <Detail label={t('cms.invoices.reason')}>{invoice.reason}</Detail>}
        <Detail label={t('cms.invoices.signature')}>
          <SignatureDetail invoice={invoice} />
        </Detail>
        <Detail label={t('cms.invoices.riskFlags')}>
          {invoice.riskFlags?.length ? (
            <HStack gap="2" wrap="wrap">
              {invoice.riskFlags.map((flag) => (
                <StateBadge key={flag} concept="riskFlag" state={flag} />
              ))}
            </HStack>
          ) : (
            t('cms.invoices.noFlags')
          )}
        </Detail>
        {invoice.reviewDeadline && (
          <Detail label={t('cms.invoices.deadline')}>
            <HStack gap="2" wrap="wrap">
              <Text>{formatDate(invoice.reviewDeadline)}</Text>
              {Date.parse(invoice.reviewDeadline) < Date.now() && <StateBadge concept="reviewDeadline" state="past" />}
            </HStack>
          </Detail>
        )}
        {invoice.conference && (
          <Detail label={t('cms.invoices.conference')}>
            <StateBadge concept="conference" state={invoice.conference} />
          </Detail>
        )}
      </SimpleGrid>
      {invoice.hasFile && <InvoiceFilePreview invoice={invoice} />}
      {invoice.hasFile ? (
        <Button
          variant="outline"
          alignSelf="flex-start"
          disabled={download.progress !== null}
          onClick={() => void download.start(invoiceFileUrl(invoice), {}, 'nota-fiscal')}
        >
          {t('cms.invoices.openFile')}
        </Button>
      ) : (
        <Text color="muted">{t('cms.invoices.noFile')}</Text>
      )}
      {editing ? (
        <InvoiceProductsForm
          invoice={invoice}
          onSaved={(saved) => {
            setEditing(false);
            changed?.(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap="2">
          <Heading as="h3" fontSize="md">
            {t('cms.invoices.products')}
          </Heading>
          <DataTable
            columns={lineColumns}
            rows={invoice.lines}
            rowId={(line) => `${line.sku}-${line.description}-${line.total}`}
            // The drawer is at most 576 px wide: the lines read as cards there, and no table scrolls sideways.
            cards
            caption={t('cms.invoices.products')}
          />
        </Stack>
      )}
      {invoice.status === 'pending' &&
        !editing &&
        (rejecting ? (
          <RejectForm onSubmit={(values) => run({ status: 'rejected', reason: values.reason })} />
        ) : (
          // In the drawer's footer: always in view, however long the invoice's products and events are.
          <DrawerActions>
            <Button
              colorPalette="primary"
              loading={decide.isPending}
              disabled={invoice.awaitingDisclosure === true}
              onClick={() => void press({ status: 'approved' })}
            >
              {t('cms.invoices.approve')}
            </Button>
            <Button variant="outline" colorPalette="error" onClick={() => setRejecting(true)}>
              {t('cms.invoices.reject')}
            </Button>
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t('cms.invoices.editProducts')}
            </Button>
          </DrawerActions>
        ))}
      {invoice.status === 'approved' && (
        <DrawerActions>
          <Button
            variant="outline"
            colorPalette="error"
            // The warning needs the professional's balance: the button waits for it.
            loading={timeline.isPending}
            onClick={() => void cancel()}
          >
            {t('cms.invoices.cancel')}
          </Button>
        </DrawerActions>
      )}
      <QueryView query={timeline} loading={<LoadingState rows={3} />}>
        {(data) => (
          <Stack gap="5">
            {data.automaticReview && <AutomaticReviewChecks review={data.automaticReview} />}
            <InvoiceEvents events={data.events} texts="cms.invoices" />
          </Stack>
        )}
      </QueryView>
      {dialog}
    </Stack>
  );
}

function RejectForm({ onSubmit }: { onSubmit: (values: RejectValues) => Promise<ApiError | null> }) {
  const { t } = useTranslation();
  const form = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <Stack gap="3">
        <Heading as="h3" fontSize="md">
          {t('cms.invoices.rejectTitle')}
        </Heading>
        <TextField<RejectValues> name="reason" label={t('cms.invoices.reason')} />
        <DrawerActions>
          <SubmitButton colorPalette="error">{t('cms.invoices.confirmReject')}</SubmitButton>
        </DrawerActions>
      </Stack>
    </Form>
  );
}
