import { formatPoints } from '@especifica/mf-shared';
import type { ApiError, NfeReading } from '@especifica/mf-shared/contracts';
import {
  DateField,
  FileDropField,
  Form,
  MaskedField,
  MoneyField,
  type Resolver,
  SelectField,
  SubmitButton,
  TextField,
  useFieldArray,
  useForm,
  useFormContext,
} from '@especifica/mf-shared/forms';
import { formatDate, formatMoney, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { Alert, Box, Button, Heading, HStack, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import {
  emptyLine,
  getStores,
  type InvoiceValues,
  invoiceResolver,
  isNfeXml,
  readNfe,
  sendInvoice,
  storesKey,
} from '../api/invoices';
import { type Audience, sentInvalidates } from '../api/invoices-list';

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
  lines: [emptyLine],
};

/**
 * "Enviar nota fiscal": an NF-e XML is read first and its data shown to confirm; a PDF or a photo needs the fields
 * typed. A shopkeeper names the professional by CPF or e-mail. A refusal shows the API's msg and keeps every value.
 */
export function SendInvoiceForm({ audience, done }: { audience: Audience; done: () => void }) {
  const { t } = useTranslation();
  const form = useForm<InvoiceValues>({
    resolver: invoiceResolver(audience) as unknown as Resolver<InvoiceValues>,
    defaultValues: emptyValues,
  });
  const file = form.watch('file');
  const xml = isNfeXml(file);
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
  return (
    <Form form={form} onSubmit={submit} serverFields={{ storeId: 'storeId', lines: 'lines' }}>
      <Stack gap="4">
        <FileDropField<InvoiceValues>
          name="file"
          label={t('invoices.file')}
          accept={ACCEPT}
          maxBytes={MAX_BYTES}
          helper={t('invoices.fileHelper')}
        />
        {audience === 'shopkeeper' && (
          <>
            <TextField<InvoiceValues>
              name="professional"
              label={t('invoices.professional')}
              helper={t('invoices.professionalHelper')}
            />
            <MaskedField<InvoiceValues> name="customerCpf" label={t('invoices.customerCpf')} mask="cpf" />
          </>
        )}
        {xml && file ? (
          <NfeConfirmation audience={audience} file={file} />
        ) : (
          file && <TypedFields audience={audience} />
        )}
        {file && <SubmitButton>{xml ? t('invoices.confirmSend') : t('invoices.sendTyped')}</SubmitButton>}
      </Stack>
    </Form>
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
    <Box borderWidth="1px" borderRadius="card" p="4" data-testid="nfe-reading">
      <Heading as="h3" fontSize="md" mb="3">
        {t('invoices.readTitle')}
      </Heading>
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
        {t('invoices.readTotal', { value: formatMoney(reading.total), points: formatPoints(participating) })}
      </Text>
    </Box>
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
            <TextField<InvoiceValues> name={`lines.${index}.sku`} label={t('invoices.sku')} />
            <TextField<InvoiceValues> name={`lines.${index}.description`} label={t('invoices.description')} />
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
