import {
  type Customer,
  type CustomerFormValues,
  customerFormSchema,
  customerMessages,
  formatCpf,
} from '@especifica/mf-shared/contracts';
import {
  EmailField,
  Form,
  MaskedField,
  SubmitButton,
  TextField,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Badge, Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { formatPhone } from '../../../app/format';
import { OnlyFor } from '../../../app/only-for';
import { customers, daysLeft, renewCustomer, saveCustomer, savedMessage } from '../api/customers';

/** /customers: the professional's customers, their 180-day window, register, edit and renew. */
export function CustomersPage() {
  return (
    <OnlyFor userType="professional">
      <CustomersScreen />
    </OnlyFor>
  );
}

function CustomersScreen() {
  const { t } = useTranslation();
  const columns = useMemo<Columns<Customer>>(
    () => [
      { id: 'name', accessorFn: (c) => c.data.name, header: t('customers.name'), meta: { sort: 'name' } },
      { id: 'cpf', accessorFn: (c) => formatCpf(c.data.cpf), header: t('customers.cpf') },
      {
        id: 'phone',
        accessorFn: (c) => (c.data.phone ? formatPhone(c.data.phone) : '—'),
        header: t('customers.phone'),
      },
      { id: 'email', accessorFn: (c) => c.data.email ?? '—', header: t('customers.email') },
      {
        id: 'validUntil',
        header: t('customers.window'),
        meta: { sort: 'validUntil' },
        cell: ({ row }) => <Window customer={row.original} />,
      },
    ],
    [t],
  );
  return (
    <PageLayout title={t('customers.title')} description={t('customers.description')} width="wide">
      <ResourceList
        resource={customers}
        columns={columns}
        caption={t('customers.title')}
        search={t('customers.search')}
        filters={[
          {
            key: 'expired',
            label: t('customers.windowFilter'),
            options: [
              { value: 'false', label: t('customers.inside') },
              { value: 'true', label: t('customers.expired') },
            ],
          },
        ]}
        empty={{ title: t('customers.empty'), description: t('customers.emptyHint') }}
        rowActions={(customer) => <RenewButton customer={customer} />}
        form={{
          createTitle: t('customers.create'),
          editTitle: t('customers.edit'),
          render: (customer, done) => <CustomerForm customer={customer} done={done} />,
        }}
      />
    </PageLayout>
  );
}

function Window({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const days = daysLeft(customer);
  if (customer.expired || days <= 0) {
    return (
      <Badge colorPalette="error" data-testid="customer-expired">
        {t('customers.expiredOn', { date: formatDate(customer.validUntil) })}
      </Badge>
    );
  }
  return (
    <Text as="span" fontSize="sm" data-testid="customer-days">
      {t('customers.daysLeft', { count: days })}
    </Text>
  );
}

function RenewButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const renew = useApiMutation(() => renewCustomer(customer), {
    invalidates: [resourceKey(customers)],
    success: customerMessages.renewed,
  });
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="primary"
      loading={renew.isPending}
      onClick={() => void renew.run()}
      aria-label={t('customers.renewOne', { name: customer.data.name })}
    >
      {t('customers.renew')}
    </Button>
  );
}

function CustomerForm({ customer, done }: { customer: Customer | null; done: () => void }) {
  const { t } = useTranslation();
  const save = useApiMutation((values: CustomerFormValues) => saveCustomer(customer, values), {
    invalidates: [resourceKey(customers)],
    success: savedMessage(customer),
    silent: true,
  });
  const form = useForm<CustomerFormValues>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: {
      name: customer?.data.name ?? '',
      cpf: customer ? formatCpf(customer.data.cpf) : '',
      phone: customer?.data.phone ? formatPhone(customer.data.phone) : '',
      email: customer?.data.email ?? '',
    },
  });
  const submit = async (values: CustomerFormValues) => {
    const [, error] = await save.run(values);
    if (!error) done();
    return error;
  };
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <TextField<CustomerFormValues> name="name" label={t('customers.name')} />
        <MaskedField<CustomerFormValues>
          name="cpf"
          mask="cpf"
          label={t('customers.cpf')}
          readOnly={Boolean(customer)}
        />
        <MaskedField<CustomerFormValues> name="phone" mask="phone" label={t('customers.phoneOptional')} />
        <EmailField<CustomerFormValues> name="email" label={t('customers.emailOptional')} />
        <SubmitButton>{t('customers.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}
