import { Button } from '@especifica/mf-shared/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { renderUi } from '../../controls/__tests__/render';
import { FileDropField, Form, useConfirm } from '..';

interface Values {
  certificate: File | null;
}

function CertificateForm({ onValue }: { onValue: (file: File | null) => void }) {
  const form = useForm<Values>({ defaultValues: { certificate: null } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        onValue(values.certificate);
        return null;
      }}
    >
      <FileDropField<Values>
        name="certificate"
        label="Certificado"
        accept={['application/pdf', 'image/jpeg', 'image/png']}
        maxBytes={5 * 1024 * 1024}
      />
      <button type="submit">Enviar</button>
    </Form>
  );
}

const pdf = (bytes: number, name = 'certificado.pdf') =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('the file drop', () => {
  it('refuses a dropped file of another type, with its message beside the field', async () => {
    let sent: File | null | undefined;
    renderUi(<CertificateForm onValue={(file) => (sent = file)} />);
    const text = new File(['oi'], 'notas.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('file-drop'), { dataTransfer: { files: [text] } });
    expect(await screen.findByText('Este tipo de arquivo não é aceito. Envie PDF, JPG ou PNG.')).toBeInTheDocument();
    expect(screen.getByLabelText('Certificado')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toBeNull());
  });

  it('refuses a file over the size, and takes one within it', async () => {
    let sent: File | null | undefined;
    renderUi(<CertificateForm onValue={(file) => (sent = file)} />);
    const input = screen.getByLabelText('Certificado');
    // The box's own pt-BR button, not the browser's (whose text follows the browser's language).
    expect(screen.getByText('Escolher arquivo')).toBeInTheDocument();
    await userEvent.upload(input, pdf(5 * 1024 * 1024 + 1));
    expect(await screen.findByText('O arquivo passa de 5 MB. Envie um arquivo menor.')).toBeInTheDocument();

    await userEvent.upload(input, pdf(1024, 'certificado-pequeno.pdf'));
    await waitFor(() => expect(screen.queryByText(/O arquivo passa de/)).not.toBeInTheDocument());
    expect(within(screen.getByTestId('file-drop')).getByText('certificado-pequeno.pdf')).toBeInTheDocument();
    expect(screen.getByText('Trocar arquivo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent?.name).toBe('certificado-pequeno.pdf'));
  });
});

function RejectInvoice() {
  const { confirm, dialog } = useConfirm();
  const [outcome, setOutcome] = useState('nothing yet');
  return (
    <>
      <Button
        onClick={async () => {
          const confirmed = await confirm({
            title: 'Reprovar nota fiscal',
            description: 'A nota 123 será reprovada e o profissional será avisado.',
            confirmLabel: 'Reprovar',
            destructive: true,
          });
          setOutcome(confirmed ? 'rejected' : 'kept');
        }}
      >
        Reprovar nota 123
      </Button>
      <output>{outcome}</output>
      {dialog}
    </>
  );
}

describe('the confirmation dialog', () => {
  it('says what will happen, answers the choice and gives focus back to the button that opened it', async () => {
    renderUi(<RejectInvoice />);
    const opener = screen.getByRole('button', { name: 'Reprovar nota 123' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reprovar nota fiscal' });
    expect(dialog).toHaveTextContent('A nota 123 será reprovada e o profissional será avisado.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('kept');
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    // As in the first round, the choice is made once the dialog holds focus (its trap starts a moment after it
    // appears; a click before that, which no person makes, left focus on the page when it closed).
    const again = await screen.findByRole('alertdialog', { name: 'Reprovar nota fiscal' });
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('rejected'));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
