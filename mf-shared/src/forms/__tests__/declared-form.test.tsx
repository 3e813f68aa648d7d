import { i18n, registerTexts, type Toast, toasts } from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { Text } from '@especifica/mf-shared/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { renderUi } from '../../controls/__tests__/render';
import { DeclaredForm, defineForm, zodResolver } from '..';

registerTexts(i18n, {
  ptBR: {
    formProbe: {
      name: 'Nome',
      description: 'Descrição',
      descriptionField: 'Sobre a campanha',
      points: 'Pontos',
      pointsLocked: 'Já concedida: os pontos não mudam.',
      kind: 'Tipo',
      kinds: { store: 'Loja', brand: 'Marca' },
      startsOn: 'Início',
      endsOn: 'Fim',
      password: 'Senha',
      newPassword: 'Nova senha',
      owner: 'Criada por {{name}}',
      send: 'Enviar',
    },
  },
  en: async () => ({ en: {} }),
});

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome.')),
  description: z.string(),
  points: z.number('Informe os pontos.'),
  kind: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  password: z.string(),
});
type Values = z.infer<typeof schema>;

interface Campaign {
  owner: string;
  granted: number;
}

const locked = (campaign: Campaign | null) => Boolean(campaign && campaign.granted > 0);

const campaignForm = defineForm<Values, Campaign>({
  labels: 'formProbe',
  fields: [
    { render: (campaign, t) => campaign && <Text>{t('formProbe.owner', { name: campaign.owner })}</Text> },
    { name: 'name' },
    { name: 'description', label: 'formProbe.descriptionField' },
    {
      name: 'points',
      type: 'points',
      helper: (campaign) => (locked(campaign) ? 'formProbe.pointsLocked' : undefined),
      readOnly: locked,
    },
    { name: 'kind', type: 'select', options: ['store', 'brand'], optionLabels: 'formProbe.kinds' },
    [
      { name: 'startsOn', type: 'date' },
      { name: 'endsOn', type: 'date' },
    ],
    {
      name: 'password',
      type: 'password',
      label: (campaign) => (campaign ? 'formProbe.newPassword' : 'formProbe.password'),
      when: (campaign) => campaign?.owner !== 'Loja',
    },
  ],
  serverFields: { startsAt: 'startsOn' },
  submit: 'formProbe.send',
});

const empty: Values = { name: '', description: '', points: 1, kind: '', startsOn: '', endsOn: '', password: '' };

function CampaignForm({
  campaign = null,
  send = async () => null,
}: {
  campaign?: Campaign | null;
  send?: (values: Values) => Promise<ApiError | null>;
}) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  return <DeclaredForm form={campaignForm} state={form} onSubmit={send} item={campaign} />;
}

/** Renders the form for a new campaign; what it sends is pushed to the list answered. */
function renderRecording(): Values[] {
  const sent: Values[] = [];
  renderUi(
    <CampaignForm
      send={async (values) => {
        sent.push(values);
        return null;
      }}
    />,
  );
  return sent;
}

const shown: Toast[] = [];
const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
afterAll(() => subscription.unsubscribe());
beforeEach(() => {
  shown.length = 0;
});

describe('a declared form', () => {
  it("draws each field as the kit's, labelled by the prefix and the name unless its label is another key", async () => {
    const sent = renderRecording();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'Verão');
    await userEvent.type(screen.getByRole('textbox', { name: 'Sobre a campanha' }), 'Dobro de pontos');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Pontos' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Pontos' }), '1.500');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marca' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Início' }), '01022026');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.queryByText(/Criada por/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Verão',
      description: 'Dobro de pontos',
      points: 1500,
      kind: 'brand',
      startsOn: '2026-02-01',
    });
  });

  it("shows the zod rules' messages beside their fields and sends nothing", async () => {
    const sent = renderRecording();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Pontos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Informe o nome.')).toBeInTheDocument();
    expect(screen.getByText('Informe os pontos.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("puts a 400's field, named as the declaration's serverFields map it, beside the form's field", async () => {
    renderUi(
      <CampaignForm
        send={async () => ({
          msg: 'O início não pode ser depois do fim.',
          code: 'validation',
          data: [{ field: 'startsAt', message: 'O início não pode ser depois do fim.' }],
        })}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'Verão');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const starts = screen.getByRole('textbox', { name: 'Início' });
    await waitFor(() => expect(starts).toHaveAttribute('aria-invalid', 'true'));
    expect(starts).toHaveAccessibleDescription('O início não pode ser depois do fim.');
    expect(screen.getByRole('textbox', { name: 'Fim' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(shown).toEqual([]);
  });

  it('draws a row as one grid of two columns, the other fields one under the other', () => {
    renderUi(<CampaignForm />);
    const frame = (name: string) => screen.getByRole('textbox', { name }).parentElement as HTMLElement;
    const row = frame('Início').parentElement as HTMLElement;
    expect(frame('Fim').parentElement).toBe(row);
    expect(row.children).toHaveLength(2);
    expect(getComputedStyle(row).display).toBe('grid');
    const stack = row.parentElement as HTMLElement;
    expect(frame('Nome').parentElement).toBe(stack);
    expect(within(stack).getByRole('button', { name: 'Enviar' }).parentElement).toBe(stack);
  });

  it('gives the item to what depends on it: a render, a label, a helper, read-only and which fields it has', () => {
    const { unmount } = renderUi(<CampaignForm campaign={{ owner: 'Ana', granted: 3 }} />);
    expect(screen.getByText('Criada por Ana')).toBeInTheDocument();
    const points = screen.getByRole('textbox', { name: 'Pontos' });
    expect(points).toHaveAttribute('readonly');
    expect(points).toHaveAccessibleDescription('Já concedida: os pontos não mudam.');
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('type', 'password');
    unmount();

    renderUi(<CampaignForm campaign={{ owner: 'Loja', granted: 0 }} />);
    expect(screen.getByRole('textbox', { name: 'Pontos' })).not.toHaveAttribute('readonly');
    expect(screen.queryByText('Já concedida: os pontos não mudam.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/senha/i)).not.toBeInTheDocument();
  });
});
