import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerObjectionPage } from '../components/customer-objection-page';

const notice = (objectedAt: string | null) => ({
  customerName: 'Marta',
  professionalName: 'Ana Arquiteta',
  registeredAt: '2026-03-02T15:00:00.000Z',
  objectedAt,
});

describe('the customer objection page', () => {
  it('says who registered the customer and ends the registration with the optional reason', async () => {
    let objectedAt: string | null = null;
    const sent = fakeApi({
      '/customers/notice': (_body, params) =>
        params.token === 'abc' ? [200, notice(objectedAt)] : [400, { msg: 'Link inválido.' }],
      'POST /customers/object': () => {
        objectedAt = '2026-03-05T13:00:00.000Z';
        return [200, { msg: 'Pronto.' }];
      },
    });
    renderPage('/customer-objection?token=abc', ['/customer-objection'], <CustomerObjectionPage />);
    expect(
      await screen.findByText(/Olá, Marta\. Ana Arquiteta cadastrou você como cliente no Especifica em 02\/03\/2026/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Motivo (opcional)'), '  Não conheço.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Não quero participar' }));
    expect(await screen.findByTestId('objection-done')).toHaveTextContent(
      'Seu cadastro como cliente de Ana Arquiteta foi encerrado em 05/03/2026.',
    );
    expect(sent.find((call) => call.method === 'post')?.body).toEqual({ token: 'abc', reason: 'Não conheço.' });
  });

  it("shows the API's pt-BR refusal of a forged or expired link, with nothing to send", async () => {
    fakeApi({ '/customers/notice': [400, { msg: 'Este link de oposição é inválido ou expirou.' }] });
    renderPage('/customer-objection?token=forjado', ['/customer-objection'], <CustomerObjectionPage />);
    expect(await screen.findByText('Este link de oposição é inválido ou expirou.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Não quero participar' })).toBeNull();
  });
});
