import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomersPage } from '../components/customers-page';
import { ANA, customer, page } from './fixtures';

jest.setTimeout(20_000);

const path = '/cms/professionals/customers';

describe('the customers of every professional', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('lists each customer with whose it is and the window, and sends the filters of the URL', async () => {
    const sent = fakeApi({ '/cms/professionals/get-all-customers': page([customer]) });
    renderPage(`${path}?expired=true&professionalId=${ANA}`, [path], <CustomersPage />);
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
    const row = (await screen.findByText('Carlos Cliente')).closest('tr') as HTMLElement;
    expect(within(row).getByText('111.444.777-35')).toBeInTheDocument();
    expect(within(row).getByText('Vencido')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ana Arquiteta' })).toHaveAttribute(
      'href',
      `/cms/professionals/${ANA}?tab=customers`,
    );
    expect(sent.at(-1)?.params).toMatchObject({ expired: true, professionalId: ANA });
  });

  it('deactivates a customer from the switch, with an undo', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-all-customers': page([customer]),
      '/cms/professionals/change-customer-status': [200, { msg: 'Cliente desativado com sucesso!' }],
    });
    renderPage(path, [path], <CustomersPage />);
    await screen.findByText('Carlos Cliente');
    await userEvent.click(screen.getByLabelText('Status de Carlos Cliente'));
    await waitFor(() =>
      expect(sent.find((call) => call.url === '/cms/professionals/change-customer-status')?.body).toEqual({
        id: 'c1',
        active: false,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Desfazer' })).toBeInTheDocument();
  });

  it('says so when no customer was registered, and shows a failure with a retry', async () => {
    fakeApi({ '/cms/professionals/get-all-customers': page([]) });
    renderPage(path, [path], <CustomersPage />);
    expect(await screen.findByText('Nenhum cliente cadastrado ainda.')).toBeInTheDocument();
    fakeApi({ '/cms/professionals/get-all-customers': [500, { msg: 'Serviço indisponível.' }] });
    renderPage(path, [path], <CustomersPage />);
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Serviço indisponível.');
  });
});
