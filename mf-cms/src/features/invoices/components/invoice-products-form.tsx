import type { Invoice } from '@especifica/mf-shared/contracts';
import { DrawerActions } from '@especifica/mf-shared/controls';
import { Form, MoneyField, SubmitButton, TextField, useFieldArray, useForm } from '@especifica/mf-shared/forms';
import { resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { Box, Button, Heading, SimpleGrid, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { invoiceQueue, type ProductValues, productsResolver, updateProducts } from '../api/invoices';

const emptyLine = { sku: '', description: '', quantity: '1', total: null };

/** "Editar produtos" of a pending invoice: its lines, changed, added or removed; the approval computes on these. */
export function InvoiceProductsForm({
  invoice,
  onSaved,
  onCancel,
}: {
  invoice: Invoice;
  onSaved: (invoice: Invoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ProductValues>({
    resolver: productsResolver,
    defaultValues: {
      lines: invoice.lines.map((line) => ({
        sku: line.sku,
        description: line.description,
        quantity: String(line.quantity).replace('.', ','),
        total: line.total,
      })),
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const save = useApiMutation((values: ProductValues) => updateProducts(invoice, values), {
    invalidates: [resourceKey(invoiceQueue), ['cms']],
    success: (answer) => answer.msg,
    silent: true,
  });
  const submit = async (values: ProductValues) => {
    const [answer, error] = await save.run(values);
    if (answer) onSaved(answer.item);
    return error;
  };
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <Heading as="h3" fontSize="md">
          {t('cms.invoices.editProducts')}
        </Heading>
        {lines.fields.map((field, index) => (
          <Box key={field.id} borderWidth="1px" borderRadius="card" p="3">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <TextField<ProductValues> name={`lines.${index}.sku`} label={t('cms.invoices.sku')} />
              <TextField<ProductValues> name={`lines.${index}.description`} label={t('cms.invoices.description')} />
              <TextField<ProductValues> name={`lines.${index}.quantity`} label={t('cms.invoices.quantity')} />
              <MoneyField<ProductValues> name={`lines.${index}.total`} label={t('cms.invoices.total')} />
            </SimpleGrid>
            {lines.fields.length > 1 && (
              <Button size="sm" variant="plain" colorPalette="error" mt="2" onClick={() => lines.remove(index)}>
                {t('cms.invoices.removeLine', { number: index + 1 })}
              </Button>
            )}
          </Box>
        ))}
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => lines.append({ ...emptyLine })}>
          {t('cms.invoices.addLine')}
        </Button>
        <DrawerActions>
          <SubmitButton colorPalette="primary">{t('cms.invoices.saveProducts')}</SubmitButton>
          <Button variant="outline" onClick={onCancel}>
            {t('cms.invoices.cancelEdit')}
          </Button>
        </DrawerActions>
      </Stack>
    </Form>
  );
}
