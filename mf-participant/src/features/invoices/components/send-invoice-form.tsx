import { formatPoints } from '@especifica/mf-shared';
import {
  type ApiError,
  accessKeyFromNfceUrl,
  cpfSchema,
  emailSchema,
  formatCnpj,
  type KeyReading,
  type NfeReading,
} from '@especifica/mf-shared/contracts';
import { Checkbox, DrawerActions } from '@especifica/mf-shared/controls';
import {
  Controller,
  DateField,
  FileDropField,
  Form,
  MaskedField,
  MoneyField,
  type Resolver,
  SelectField,
  SubmitButton,
  TextField,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
} from '@especifica/mf-shared/forms';
import {
  formatDate,
  formatMoney,
  queryKeys,
  SearchPicker,
  useApiMutation,
  useApiQuery,
  useDebounced,
  useMyRules,
} from '@especifica/mf-shared/kit';
import { Alert, Box, Button, Heading, HStack, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import {
  contradictionsOf,
  emptyLine,
  getStores,
  type InvoiceValues,
  invoiceResolver,
  isNfeXml,
  isPdf,
  lookupProfessional,
  type PickedProduct,
  productsKey,
  readKey,
  readNfe,
  type StoreOption,
  searchProducts,
  sendInvoice,
  storesKey,
} from '../api/invoices';
import { type Audience, sentInvalidates } from '../api/invoices-list';
import { registerSendFormTexts } from '../texts/send-form';

registerSendFormTexts();

// The camera and the QR code's reader (and its WebAssembly) load only when someone taps "Ler QR code".
const QrScanner = lazy(() => import('../qr/qr-scanner').then((module) => ({ default: module.QrScanner })));

const ACCEPT = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/xml', 'application/xml', '.xml'];
const MAX_BYTES = 10 * 1024 * 1024;

const emptyValues: InvoiceValues = {
  file: null,
  storeId: '',
  number: '',
  series: '',
  issuedOn: '',
  accessKey: '',
  customerCpf: '',
  customerName: '',
  professional: '',
  qr: '',
  lines: [emptyLine],
  clientTold: false,
};

const KEYED = ['storeId', 'number', 'series', 'issuedOn'] as const;

/**
 * "Enviar nota fiscal": an NF-e XML is read first and its data shown to confirm; a PDF or a photo needs the fields
 * typed. With no typing, a DANFE PDF's access key (or an NFC-e QR code's, pasted or scanned) fills the key, number,
 * series and store, is shown to confirm, and whatever the person types against it is named next to its field. A
 * shopkeeper names the professional by CPF or e-mail. A refusal shows the API's msg and keeps every value.
 */
export function SendInvoiceForm({ audience, done }: { audience: Audience; done: () => void }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState<KeyReading | null>(null);
  const stores = useApiQuery(storesKey, getStores, { enabled: audience === 'professional', silent: true });
  const keyCheck = useRef({ reading, cnpjOf: (_id: string): string | undefined => undefined });
  keyCheck.current = {
    reading,
    cnpjOf: (id: string) => stores.data?.items.find((store: StoreOption) => store.id === id)?.cnpj,
  };
  const [resolver] = useState(() => invoiceResolver(audience, () => keyCheck.current));
  const form = useForm<InvoiceValues>({
    resolver: resolver as unknown as Resolver<InvoiceValues>,
    defaultValues: emptyValues,
  });
  const file = form.watch('file');
  const xml = isNfeXml(file);
  const read = useCallback(
    (next: KeyReading | null) => {
      setReading(next);
      if (!next) return;
      // The key fills what is still empty; what the person already typed stays, and is checked against it.
      const { getValues, setValue } = form;
      setValue('accessKey', next.accessKey);
      if (!getValues('number').trim()) setValue('number', next.number);
      if (!getValues('series').trim()) setValue('series', next.series);
      if (audience === 'professional' && !getValues('storeId') && next.store) setValue('storeId', next.store.id);
    },
    [form, audience],
  );
  // What the fields say against the key, named beside them as they change (and again by the resolver on sending).
  const [storeId, number, series, issuedOn] = form.watch(KEYED);
  const storesRead = Boolean(stores.data);
  useEffect(() => {
    if (audience === 'professional' && !storesRead) return;
    const found = contradictionsOf(reading, { storeId, number, series, issuedOn }, keyCheck.current.cnpjOf);
    for (const name of KEYED) {
      const message = found[name];
      const current = form.getFieldState(name).error;
      if (message && current?.message !== message) form.setError(name, { type: 'key', message });
      else if (!message && current?.type === 'key') form.clearErrors(name);
    }
  }, [storeId, number, series, issuedOn, reading, form, audience, storesRead]);
  const send = useApiMutation((values: InvoiceValues) => sendInvoice(audience, values), {
    invalidates: sentInvalidates(audience),
    success: (answer) => answer.msg,
    silent: true,
  });
  const submit = async (values: InvoiceValues): Promise<ApiError | null> => {
    const [, error] = await send.run(values);
    if (!error) done();
    return error;
  };
  const typed = !xml && (file || reading);
  return (
    <Form form={form} onSubmit={submit} serverFields={{ storeId: 'storeId', lines: 'lines', accessKey: 'accessKey' }}>
      <Stack gap="4">
        <FileDropField<InvoiceValues>
          name="file"
          label={t('invoices.file')}
          accept={ACCEPT}
          maxBytes={MAX_BYTES}
          helper={t('invoices.sendForm.fileHelper')}
        />
        {!xml && <NoTyping audience={audience} file={file} reading={reading} onRead={read} />}
        {audience === 'shopkeeper' && (
          <>
            <TextField<InvoiceValues>
              name="professional"
              label={t('invoices.professional')}
              helper={t('invoices.professionalHelper')}
            />
            <ProfessionalConfirm />
            <MaskedField<InvoiceValues> name="customerCpf" label={t('invoices.customerCpf')} mask="cpf" />
          </>
        )}
        {xml && file ? (
          <NfeConfirmation audience={audience} file={file} />
        ) : (
          typed && <TypedFields audience={audience} />
        )}
        {audience === 'professional' && (file || reading) && <ClientToldField />}
        {/* In the drawer's footer, always in view however long the products' list (as every drawer's action). */}
        {(file || reading) && (
          <DrawerActions>
            <SubmitButton w="full">{xml ? t('invoices.confirmSend') : t('invoices.sendTyped')}</SubmitButton>
          </DrawerActions>
        )}
      </Stack>
    </Form>
  );
}

/**
 * No typing: a DANFE PDF is read for its access key as soon as it is chosen; an NFC-e's QR code is pasted as its link
 * or read by the camera. A refusal is said in pt-BR and the fields can still be typed.
 */
function NoTyping({
  audience,
  file,
  reading,
  onRead,
}: {
  audience: Audience;
  file: File | null;
  reading: KeyReading | null;
  onRead: (reading: KeyReading | null) => void;
}) {
  const { t } = useTranslation();
  const { getValues, setValue, setError, clearErrors } = useFormContext<InvoiceValues>();
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const pdf = isPdf(file) ? file : null;
  // A key read from a PDF goes with that PDF: another file (or none) drops it.
  useEffect(() => {
    if (!pdf && reading?.source === 'pdf') onRead(null);
  }, [pdf, reading, onRead]);
  useEffect(() => {
    setPdfError(null);
    if (!pdf) return;
    let current = true;
    setBusy(true);
    void readKey(audience, { file: pdf }).then(([answer, error]) => {
      if (!current) return;
      setBusy(false);
      if (error) setPdfError(error.msg);
      onRead(answer);
    });
    return () => {
      current = false;
    };
  }, [pdf, audience, onRead]);
  const readLink = useCallback(
    async (link: string) => {
      clearErrors('qr');
      const local = accessKeyFromNfceUrl(link);
      if (!local.ok) return setError('qr', { type: 'key', message: local.message });
      setBusy(true);
      const [answer, error] = await readKey(audience, { qr: link.trim() });
      setBusy(false);
      if (error) return setError('qr', { type: 'key', message: error.msg });
      onRead(answer);
    },
    [audience, onRead, setError, clearErrors],
  );
  const scanned = useCallback(
    (text: string) => {
      setScanning(false);
      setValue('qr', text);
      void readLink(text);
    },
    [readLink, setValue],
  );
  return (
    <Stack gap="3">
      {pdf && busy && <Text color="muted">{t('invoices.sendForm.readingPdf')}</Text>}
      {pdfError && (
        <Alert.Root status="error" data-testid="key-error">
          <Alert.Indicator />
          <Alert.Title>{pdfError}</Alert.Title>
        </Alert.Root>
      )}
      {!pdf && (
        <Stack gap="2">
          <TextField<InvoiceValues>
            name="qr"
            label={t('invoices.sendForm.qrLink')}
            helper={t('invoices.sendForm.qrHelper')}
            inputMode="url"
            autoComplete="off"
          />
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" loading={busy} onClick={() => void readLink(getValues('qr'))}>
              {t('invoices.sendForm.qrReadLink')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setScanning(true)} disabled={scanning}>
              {t('invoices.sendForm.qrScan')}
            </Button>
          </HStack>
          {scanning && (
            <Suspense fallback={<Text color="muted">{t('invoices.sendForm.qrLoading')}</Text>}>
              <QrScanner onRead={scanned} onClose={() => setScanning(false)} />
            </Suspense>
          )}
        </Stack>
      )}
      {reading && <KeyConfirmation reading={reading} />}
    </Stack>
  );
}

/** What the key says, to confirm before sending; a key proves nothing, so the invoice is reviewed by a person. */
function KeyConfirmation({ reading }: { reading: KeyReading }) {
  const { t } = useTranslation();
  return (
    <ReadCard title={t('invoices.sendForm.keyTitle')} testId="key-reading">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
        <Text>
          <b>{t('invoices.store')}:</b> {reading.store?.name ?? t('invoices.sendForm.notPartner')}
        </Text>
        <Text>
          <b>CNPJ:</b> {formatCnpj(reading.storeCnpj)}
        </Text>
        <Text>
          <b>{t('invoices.sendForm.model')}:</b>{' '}
          {reading.model === '65' ? t('invoices.sendForm.modelNfce') : t('invoices.sendForm.modelNfe')}
        </Text>
        <Text>
          <b>{t('invoices.numberLabel')}:</b> {reading.number} · {t('invoices.seriesLabel')} {reading.series}
        </Text>
        <Text>
          <b>{t('invoices.sendForm.keyMonth')}:</b> {String(reading.month).padStart(2, '0')}/{reading.year}
        </Text>
      </SimpleGrid>
      <Text fontSize="xs" color="muted" mt="2" wordBreak="break-word">
        {t('invoices.accessKey')}: {reading.accessKey.replace(/(.{4})(?=.)/g, '$1 ')}
      </Text>
      <Text fontSize="sm" mt="2">
        {t('invoices.sendForm.keyReview')}
      </Text>
    </ReadCard>
  );
}

/** A document's data, read before anything is registered, to confirm. */
function ReadCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="card" p="4" data-testid={testId}>
      <Heading as="h3" fontSize="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** What the XML holds, read by the API before anything is registered. */
function NfeConfirmation({ audience, file }: { audience: Audience; file: File }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState<NfeReading | null>(null);
  const read = useApiMutation((chosen: File) => readNfe(audience, chosen), { silent: true });
  const { run } = read;
  useEffect(() => {
    let current = true;
    setReading(null);
    void run(file).then(([answer]) => {
      if (current) setReading(answer);
    });
    return () => {
      current = false;
    };
  }, [file, run]);
  if (read.error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{read.error.msg}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!reading) return <Text color="muted">{t('invoices.reading')}</Text>;
  const participating = reading.lines.filter((line) => line.participating).reduce((sum, line) => sum + line.total, 0);
  return (
    <ReadCard title={t('invoices.readTitle')} testId="nfe-reading">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
        <Text>
          <b>{t('invoices.store')}:</b> {reading.store?.name ?? t('invoices.unknownStore', { cnpj: reading.storeCnpj })}
        </Text>
        <Text>
          <b>{t('invoices.numberLabel')}:</b> {reading.number} · {t('invoices.seriesLabel')} {reading.series}
        </Text>
        <Text>
          <b>{t('invoices.issuedOnLabel')}:</b> {formatDate(`${reading.issuedOn}T12:00:00Z`)}
        </Text>
        <Text>
          <b>{t('invoices.customerLabel')}:</b>{' '}
          {reading.customer ? (reading.customer.name ?? reading.customer.cpf) : t('invoices.noCustomer')}
        </Text>
      </SimpleGrid>
      <Text fontSize="xs" color="muted" mt="2" wordBreak="break-all">
        {t('invoices.accessKey')}: {reading.accessKey}
      </Text>
      <Stack gap="1" mt="3" fontSize="sm">
        {reading.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a document may repeat a product on two lines
          <HStack key={index} justify="space-between" gap="3">
            <Text truncate>
              {line.sku} · {line.description}
            </Text>
            <Text whiteSpace="nowrap" color={line.participating ? 'success.700' : 'muted'}>
              {formatMoney(line.total)}
            </Text>
          </HStack>
        ))}
      </Stack>
      <Text mt="3" fontWeight="bold">
        {t('invoices.readTotal', {
          value: formatMoney(reading.total),
          points: formatPoints(participating),
          count: participating,
        })}
      </Text>
    </ReadCard>
  );
}

/** A PDF or a photo: the invoice's fields and products typed. */
function TypedFields({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const stores = useApiQuery(storesKey, getStores, { enabled: audience === 'professional', silent: true });
  // The form's control comes through the kit's context: this bundle's own react-hook-form may hold another one.
  const { control } = useFormContext<InvoiceValues>();
  const lines = useFieldArray<InvoiceValues>({ control, name: 'lines' });
  return (
    <Stack gap="4">
      {audience === 'professional' && (
        <SelectField<InvoiceValues>
          name="storeId"
          label={t('invoices.store')}
          options={(stores.data?.items ?? []).map((store) => ({ value: store.id, label: store.name }))}
        />
      )}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <TextField<InvoiceValues> name="number" label={t('invoices.numberLabel')} />
        <TextField<InvoiceValues> name="series" label={t('invoices.seriesLabel')} />
        <DateField<InvoiceValues> name="issuedOn" label={t('invoices.issuedOnLabel')} />
      </SimpleGrid>
      <TextField<InvoiceValues> name="accessKey" label={t('invoices.accessKeyOptional')} />
      {audience === 'professional' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <MaskedField<InvoiceValues> name="customerCpf" label={t('invoices.customerCpfOptional')} mask="cpf" />
          <TextField<InvoiceValues> name="customerName" label={t('invoices.customerName')} />
        </SimpleGrid>
      )}
      <Heading as="h3" fontSize="md">
        {t('invoices.products')}
      </Heading>
      {lines.fields.map((field, index) => (
        <Box key={field.id} borderWidth="1px" borderRadius="card" p="3" data-testid="invoice-line">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Box gridColumn={{ sm: 'span 2' }}>
              <ProductField index={index} />
            </Box>
            <TextField<InvoiceValues> name={`lines.${index}.quantity`} label={t('invoices.quantity')} />
            <MoneyField<InvoiceValues> name={`lines.${index}.total`} label={t('invoices.lineTotal')} />
          </SimpleGrid>
          {lines.fields.length > 1 && (
            <Button size="sm" variant="plain" colorPalette="error" mt="2" onClick={() => lines.remove(index)}>
              {t('invoices.removeLine')}
            </Button>
          )}
        </Box>
      ))}
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => lines.append({ ...emptyLine })}>
        {t('invoices.addLine')}
      </Button>
    </Stack>
  );
}

const productLabel = (product: PickedProduct) => `${product.name} (${product.sku})`;
const productDetail = (product: PickedProduct) => [product.sku, product.brand].filter(Boolean).join(' · ');

/**
 * A line's product, picked by searching the catalogue by name, brand or SKU (issue 40, friction 5): the product fills
 * the line's SKU and description, never typed; a changed or emptied text empties both, so a line sends a SKU of the
 * catalogue or none, which the checks name before sending.
 */
function ProductField({ index }: { index: number }) {
  const { t } = useTranslation();
  // The form's control comes through the kit's context: this bundle's own react-hook-form may hold another one.
  const { control, setValue, getValues } = useFormContext<InvoiceValues>();
  const { field, fieldState } = useController<InvoiceValues, `lines.${number}.sku`>({
    name: `lines.${index}.sku`,
    control,
  });
  const sku = field.value;
  const description = getValues(`lines.${index}.description`);
  return (
    <SearchPicker<PickedProduct>
      label={t('invoices.sendForm.product')}
      name={field.name}
      value={sku}
      current={sku ? { id: sku, sku, name: description || sku } : null}
      onChange={(_, product) => {
        setValue(`lines.${index}.description`, product?.name ?? '');
        field.onChange(product?.sku ?? '');
      }}
      onBlur={field.onBlur}
      search={searchProducts}
      cacheKey={productsKey}
      chosenLabel={productLabel}
      optionTitle={(product) => product.name}
      optionDetail={productDetail}
      texts="invoices.sendForm.productPicker"
      error={fieldState.error?.message}
      testId="product-picker-popup"
    />
  );
}

/**
 * Rules per profession: where the professional's profession asks the client to be told, they may declare it as they
 * send; without it, an invoice for a buyer who received no notice waits for the declaration on its detail.
 */
function ClientToldField() {
  const { t } = useTranslation();
  const { control } = useFormContext<InvoiceValues>();
  const rules = useMyRules();
  if (!rules.data?.clientDisclosure) return null;
  return (
    <Box bg="surface.50" p="3" borderRadius="card" data-testid="client-told">
      <Controller
        name="clientTold"
        control={control}
        render={({ field }) => (
          <Checkbox
            checked={field.value === true}
            onChange={(checked) => field.onChange(checked)}
            name="clientTold"
            label={t('invoices.clientTold')}
          />
        )}
      />
      <Text fontSize="xs" color="muted" mt="1">
        {t('invoices.clientToldHelper')}
      </Text>
    </Box>
  );
}

/**
 * Who a sale is for, before it is sent (issue 40, friction 8): once the seller has typed a whole CPF or e-mail, the
 * professional's name as the API finds it, or why it finds nobody. The lookup answers the name only.
 */
function ProfessionalConfirm() {
  const { t } = useTranslation();
  const typed = useDebounced(useWatch<InvoiceValues, 'professional'>({ name: 'professional' }).trim(), 400);
  const complete = z.safeParse(emailSchema, typed).success || z.safeParse(cpfSchema, typed).success;
  const found = useApiQuery([...queryKeys.participant, 'sale-professional', typed], () => lookupProfessional(typed), {
    enabled: complete,
    silent: true,
    staleTime: 60_000,
  });
  if (!complete || (!found.data && !found.error)) return null;
  return (
    <Text fontSize="sm" role="status" data-testid="sale-professional" color={found.error ? 'fg.error' : undefined}>
      {found.data ? t('invoices.saleFor', { name: found.data.name }) : found.error?.msg}
    </Text>
  );
}
