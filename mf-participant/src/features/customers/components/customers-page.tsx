import {
  type Customer,
  type CustomerFormValues,
  customerFormSchema,
  customerMessages,
  formatCpf,
} from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { cell, defineList, flagFilter, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
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

const customerList = defineList<Customer>({
  resource: customers,
  caption: 'customers.title',
  search: 'customers.search',
  headers: 'customers',
  columns: [
    { key: 'name', sort: true, cell: (c) => c.data.name },
    { key: 'cpf', cell: (c) => formatCpf(c.data.cpf) },
    { key: 'phone', cell: (c) => (c.data.phone ? formatPhone(c.data.phone) : '—') },
    { key: 'email', cell: (c) => c.data.email ?? '—' },
    {
      key: 'validUntil',
      header: 'customers.window',
      sort: true,
      cell: (customer, t) => {
        // The customer's objection ends the registration: it says so, and never why (docs/privacy.md).
        if (customer.objectedAt) {
          return cell.badge('customerWindow', 'objected', {
            text: t('customers.objectedOn', { date: formatDate(customer.objectedAt) }),
          });
        }
        const days = daysLeft(customer);
        return customer.expired || days <= 0
          ? cell.badge('customerWindow', 'expired', {
              text: t('customers.expiredOn', { date: formatDate(customer.validUntil) }),
            })
          : cell.text('line', t('customers.daysLeft', { count: days }));
      },
    },
  ],
  filters: [flagFilter('expired', 'customers.windowFilter', { false: 'customers.inside', true: 'customers.expired' })],
  actions: [{ key: 'renew', component: RenewButton }],
  empty: {
    title: 'customers.empty',
    description: 'customers.emptyHint',
    drawing: 'people',
    next: { label: 'nextStep.customer', create: true },
  },
  form: {
    create: 'customers.create',
    edit: 'customers.edit',
    render: (customer, done) => <CustomerForm customer={customer} done={done} />,
  },
});

function CustomersScreen() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('customers.title')} description={t('customers.description')} width="wide">
      <ResourceList list={customerList} />
    </PageLayout>
  );
}

function RenewButton({ item: customer }: { item: Customer }) {
  const { t } = useTranslation();
  const renew = useApiMutation(() => renewCustomer(customer), {
    invalidates: [resourceKey(customers)],
    success: customerMessages.renewed,
  });
  // A customer who objected cannot be renewed (the API refuses it too).
  if (customer.objectedAt) return null;
  return (
    <RowButton
      disabled={renew.isPending}
      aria-busy={renew.isPending || undefined}
      onClick={() => void renew.run()}
      aria-label={t('customers.renewOne', { name: customer.data.name })}
    >
      {t('customers.renew')}
    </RowButton>
  );
}

/** A customer's name, CPF (fixed once saved), phone and e-mail. */
const customerForm = defineForm<CustomerFormValues, Customer>({
  labels: 'customers',
  fields: [
    { name: 'name' },
    { name: 'cpf', type: 'masked', mask: 'cpf', readOnly: (customer) => customer !== null },
    { name: 'phone', type: 'masked', mask: 'phone', label: 'customers.phoneOptional' },
    { name: 'email', type: 'email', label: 'customers.emailOptional' },
  ],
  submit: 'customers.save',
});

function CustomerForm({ customer, done }: { customer: Customer | null; done: () => void }) {
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
  return <DeclaredForm form={customerForm} state={form} onSubmit={submit} item={customer} />;
}
