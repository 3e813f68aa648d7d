import { Form, useForm } from '@especifica/mf-shared/forms';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfessionStep } from '../components/personal-steps';
import type { SignUpForm } from '../model';

/** The sign-up's profession step alone, in a form of its own. */
function Step() {
  const form = useForm<SignUpForm>({ defaultValues: { profession: '' } as unknown as SignUpForm });
  return (
    <Form form={form} onSubmit={async () => null}>
      <ProfessionStep file={null} onFile={() => undefined} onRefuse={() => undefined} fileError={null} stores={null} />
    </Form>
  );
}

describe("the sign-up's profession step under the rules per profession", () => {
  it("shows the chosen profession's text, and says when it earns no points", async () => {
    fakeApi({
      '/auth/profession-rules': [
        200,
        {
          items: [
            { profession: 'Arquiteto', earns: 'nothing', text: 'Conforme a orientação do CAU/SP.' },
            { profession: 'Engenheiro', earns: 'points', text: '' },
          ],
        },
      ],
    });
    renderPage('/sign-up-profissional', ['/sign-up-profissional'], <Step />);
    expect(screen.queryByTestId('profession-rule')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Profissão' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Arquiteto' }));
    const note = await screen.findByTestId('profession-rule');
    expect(note).toHaveTextContent('Pelas regras do programa, Arquiteto não acumula pontos');
    expect(note).toHaveTextContent('Conforme a orientação do CAU/SP.');

    // A profession under the defaults, with no text, shows nothing more.
    await userEvent.click(screen.getByRole('combobox', { name: 'Profissão' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Engenheiro' }));
    expect(screen.queryByTestId('profession-rule')).toBeNull();
  });
});
