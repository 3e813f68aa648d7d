import { api } from '@especifica/mf-shared';
import {
  type Customer,
  type CustomerFormValues,
  type CustomersQuery,
  customerMessages,
  customersQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

/** The professional's customers (spec 7.10): the list, and the calls of the drawer and the renew button. */
export const customers = defineResource<Customer, CustomersQuery>({
  name: 'customers',
  query: customersQuerySchema,
  list: (query) => api.get<Page<Customer>>('/professionals/customers/get-all', { ...query }),
  id: (customer) => customer.id,
  label: (customer) => customer.data.name,
});

const optional = (value: string) => (value.trim() ? value : undefined);

export const saveCustomer = (customer: Customer | null, values: CustomerFormValues) => {
  const data = { name: values.name, phone: optional(values.phone), email: optional(values.email) };
  return customer
    ? api.post<{ msg?: string }>('/professionals/customers/update', { id: customer.id, data })
    : api.post<{ msg?: string }>('/professionals/customers/create', { data: { ...data, cpf: values.cpf } });
};

export const savedMessage = (customer: Customer | null) =>
  customer ? customerMessages.updated : customerMessages.created;

export const renewCustomer = (customer: Customer) =>
  api.put<{ msg?: string }>('/professionals/customers/renew', { id: customer.id });

const DAY = 86_400_000;

/** Whole days left in the customer's window; 0 or less once it has passed. */
export const daysLeft = (customer: Customer, now = Date.now()) =>
  Math.ceil((new Date(customer.validUntil).getTime() - now) / DAY);
