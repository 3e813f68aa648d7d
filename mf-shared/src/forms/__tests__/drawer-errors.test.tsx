import { i18n, registerTexts, toasts } from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { Drawer, useConfirm } from '@especifica/mf-shared/controls';
import { recordToasts } from '@especifica/mf-shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { renderUi } from '../../controls/__tests__/render';
import { DeclaredForm, defineForm, zodResolver } from '..';

registerTexts(i18n, {
  ptBR: { drawerProbe: { name: 'Nome', email: 'E-mail', send: 'Cadastrar' } },
  en: async () => ({ en: {} }),
});

const schema = z.object({ name: z.string(), email: z.string() });
type Values = z.infer<typeof schema>;

const userForm = defineForm<Values>({
  labels: 'drawerProbe',
  fields: [{ name: 'name' }, { name: 'email', type: 'email' }],
  submit: 'drawerProbe.send',
});

const conflict: ApiError = { msg: 'Este e-mail já está em uso.', code: 'conflict' };

/** A page with a create drawer whose save answers `answer`. */
function UsersPage({ answer }: { answer: () => ApiError | null }) {
  const [open, setOpen] = useState(true);
  const state = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', email: '' } });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Novo
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Novo usuário">
        <DeclaredForm form={userForm} state={state} onSubmit={async () => answer()} />
      </Drawer>
    </>
  );
}

/** A page that asks before an action, in the kit's confirmation dialog. */
function Ask() {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() => void confirm({ title: 'Reprovar a nota?', description: 'A nota será reprovada.' })}
      >
        Reprovar
      </button>
      {dialog}
    </>
  );
}

describe('a server error inside a drawer', () => {
  it('shows a refusal that names no field (409) at the top of the drawer, not in a toast under it', async () => {
    const toasted = recordToasts();
    renderUi(<UsersPage answer={() => conflict} />);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await userEvent.type(within(drawer).getByLabelText('E-mail'), 'ana@especifica.dev');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cadastrar' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Este e-mail já está em uso.');
    // At the top of the body, before the fields.
    const body = alert.parentElement as HTMLElement;
    expect(body.firstElementChild).toBe(alert);
    expect(
      alert.compareDocumentPosition(within(drawer).getByLabelText('Nome')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(toasted.shown).toEqual([]);
    // What was typed stays.
    expect(within(drawer).getByLabelText('E-mail')).toHaveValue('ana@especifica.dev');
    toasted.stop();
  });

  it('puts a refusal that names a field beside it, with nothing at the top', async () => {
    const toasted = recordToasts();
    renderUi(
      <UsersPage
        answer={() => ({
          msg: 'Dados inválidos.',
          code: 'validation',
          data: [{ field: 'email', message: 'E-mail inválido.' }],
        })}
      />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(drawer).findByText('E-mail inválido.')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('overlay-error')).toBeNull();
    expect(toasted.shown).toEqual([]);
    toasted.stop();
  });

  it('toasts errors again once the drawer is closed, and forgets the one it showed', async () => {
    renderUi(<UsersPage answer={() => conflict} />);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    act(() => {
      toasts.error('A campanha ainda não começou.');
    });
    expect(within(drawer).getByRole('alert')).toHaveTextContent('A campanha ainda não começou.');
    // A success (another toast) means the error is past.
    act(() => {
      toasts.success('Salvo.');
    });
    expect(within(drawer).queryByRole('alert')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toasted = recordToasts();
    act(() => {
      toasts.error('Profissional não encontrado: confira o CPF ou o e-mail.');
    });
    expect(toasted.shown.map((toast) => [toast.type, toast.message])).toEqual([
      ['error', 'Profissional não encontrado: confira o CPF ou o e-mail.'],
    ]);
    toasted.stop();
  });

  it('draws the submit in the drawer’s footer, outside the scrolling body, and it still sends the form', async () => {
    const answer = jest.fn(() => null);
    renderUi(<UsersPage answer={answer} />);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    const submit = await within(drawer).findByRole('button', { name: 'Cadastrar' });
    const footer = drawer.querySelector('.chakra-drawer__footer');
    const body = drawer.querySelector('.chakra-drawer__body');
    expect(footer).toContainElement(submit);
    expect(body).not.toContainElement(submit);
    await userEvent.click(submit);
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
  });

  it('shows an error inside a confirmation dialog opened over the page', async () => {
    const toasted = recordToasts();
    renderUi(<Ask />);
    await userEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reprovar a nota?' });
    act(() => {
      toasts.error('A nota já foi reprovada.');
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A nota já foi reprovada.');
    expect(toasted.shown).toEqual([]);
    toasted.stop();
  });
});
