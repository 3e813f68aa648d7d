import { type Toast, toasts } from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderUi } from '../../controls/__tests__/render';
import { DateField, Form, MaskedField, MoneyField, PointsField, SelectField, SubmitButton, TextField } from '..';

interface Values {
  name: string;
  cpf: string;
  state: string;
  birthDate: string;
  total: number | null;
  points: number | null;
}

const empty: Values = { name: '', cpf: '', state: '', birthDate: '', total: null, points: null };

function StoreForm({ send }: { send: (values: Values) => Promise<ApiError | null> }) {
  const form = useForm<Values>({ defaultValues: empty });
  return (
    <Form form={form} onSubmit={send} serverFields={{ 'userData.cpf': 'cpf' }}>
      <TextField<Values> name="name" label="Nome" />
      <MaskedField<Values> name="cpf" label="CPF" mask="cpf" />
      <SelectField<Values> name="state" label="Estado" options={['RJ', 'SP']} />
      <DateField<Values> name="birthDate" label="Data" />
      <MoneyField<Values> name="total" label="Valor" />
      <PointsField<Values> name="points" label="Pontos" />
      <SubmitButton>Salvar</SubmitButton>
    </Form>
  );
}

const shown: Toast[] = [];
const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
afterAll(() => subscription.unsubscribe());
beforeEach(() => {
  shown.length = 0;
});

describe('a form of the kit', () => {
  it("puts the server's field errors beside their fields, described and marked invalid, without a toast", async () => {
    const send = async (): Promise<ApiError> => ({
      msg: 'Digite um CPF válido.',
      code: 'validation',
      data: [
        { field: 'userData.cpf', message: 'Digite um CPF válido.' },
        { field: 'state', message: 'Selecione um estado válido.' },
        { field: 'somethingElse', message: 'Não está no formulário.' },
      ],
    });
    renderUi(<StoreForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const cpf = screen.getByLabelText('CPF');
    const cpfMessage = await screen.findByText('Digite um CPF válido.');
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    expect(cpf.getAttribute('aria-describedby')?.split(' ')).toContain(cpfMessage.id);
    const state = screen.getByRole('combobox', { name: 'Estado' });
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription('Selecione um estado válido.');
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Não está no formulário.')).not.toBeInTheDocument();
    expect(shown).toEqual([]);
  });

  it('toasts the msg when no field of the form takes it', async () => {
    renderUi(<StoreForm send={async () => ({ msg: 'Loja bloqueada.', code: 'store-blocked' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(shown.map((toast) => [toast.type, toast.message])).toEqual([['error', 'Loja bloqueada.']]),
    );
  });

  it('keeps every typed value when the server refuses, and sends them in the API shape', async () => {
    const sent: Values[] = [];
    renderUi(
      <StoreForm
        send={async (values) => {
          sent.push(values);
          return { msg: 'Ocorreu um erro interno. Tente novamente mais tarde.', code: 'internal' };
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Nome'), 'Casa & Acabamento');
    await userEvent.type(screen.getByLabelText('CPF'), '52998224725');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(screen.getByRole('option', { name: 'SP' }));
    await userEvent.type(screen.getByLabelText('Data'), '17051990');
    await userEvent.type(screen.getByLabelText('Valor'), '1.234,5');
    await userEvent.type(screen.getByLabelText('Pontos'), '10,25');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(shown).toHaveLength(1));
    expect(sent).toEqual([
      {
        name: 'Casa & Acabamento',
        cpf: '529.982.247-25',
        state: 'SP',
        birthDate: '1990-05-17',
        total: 1234.5,
        points: 10.25,
      },
    ]);
    expect(screen.getByLabelText('Nome')).toHaveValue('Casa & Acabamento');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('SP');
    expect(screen.getByLabelText('Data')).toHaveValue('17/05/1990');
    // Left, the amount is shown in pt-BR: reais with 2 decimals.
    expect(screen.getByLabelText('Valor')).toHaveValue('1.234,50');
    expect(screen.getByLabelText('Pontos')).toHaveValue('10,25');
  });

  it('disables the submit while sending, so a second click sends nothing', async () => {
    let answer: (error: ApiError | null) => void = () => {};
    let calls = 0;
    renderUi(
      <StoreForm
        send={() => {
          calls += 1;
          return new Promise((resolve) => {
            answer = resolve;
          });
        }}
      />,
    );
    const submit = screen.getByRole('button', { name: 'Salvar' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await userEvent.click(submit);
    expect(calls).toBe(1);
    await act(async () => answer(null));
    await waitFor(() => expect(submit).toBeEnabled());
  });
});
