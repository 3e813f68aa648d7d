import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { CampaignPage } from '../components/campaign-page';

const campaign = {
  id: 'k1',
  name: 'Palestra Tendências 2027',
  description: 'Pontos para quem foi à palestra.',
  points: 250,
  startsAt: '2026-11-01T03:00:00Z',
  // The API keeps the instant after the last day: midnight of 21/12 in São Paulo ends a campaign of up to 20/12.
  endsAt: '2026-12-21T03:00:00Z',
  open: true,
  subscribed: false,
};

describe('the campaign QR code page', () => {
  beforeEach(() => signIn('professional'));

  it('shows the campaign with its points and period, and credits it on "Participar"', async () => {
    const sent = fakeApi({
      '/professionals/points-extra/k1': [200, campaign],
      '/professionals/points-extra/subscribed': [200, { msg: 'Pontos extras creditados!', points: 250 }],
    });
    renderPage('/point-extra/qrcode?id=k1&code=s3cr3t', ['/point-extra/qrcode'], <CampaignPage />);
    const shown = await screen.findByTestId('campaign');
    expect(shown).toHaveTextContent('Palestra Tendências 2027');
    expect(shown).toHaveTextContent('250');
    // The last day the admin typed, not the day after it.
    expect(shown).toHaveTextContent('De 01/11/2026 a 20/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Participar' }));
    expect(await screen.findByTestId('campaign-outcome')).toHaveTextContent(
      'Pontos extras creditados! Você ganhou 250 pontos.',
    );
    expect(sent.find((call) => call.url === '/professionals/points-extra/subscribed')?.body).toEqual({
      id: 'k1',
      code: 's3cr3t',
    });
  });

  it('answers "already taken" with the API’s msg', async () => {
    fakeApi({
      '/professionals/points-extra/k1': [200, campaign],
      '/professionals/points-extra/subscribed': [
        409,
        { msg: 'Você já participou desta campanha.', code: 'campaign-taken' },
      ],
    });
    renderPage('/point-extra/qrcode?id=k1', ['/point-extra/qrcode'], <CampaignPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Participar' }));
    await waitFor(() =>
      expect(screen.getByTestId('campaign-outcome')).toHaveTextContent('Você já participou desta campanha.'),
    );
  });

  it('says a closed campaign is closed, without "Participar"', async () => {
    fakeApi({ '/professionals/points-extra/k1': [200, { ...campaign, open: false }] });
    renderPage('/point-extra/qrcode?id=k1', ['/point-extra/qrcode'], <CampaignPage />);
    expect(await screen.findByTestId('campaign-outcome')).toHaveTextContent(
      'Esta campanha não está ativa no período de hoje.',
    );
    expect(screen.queryByRole('button', { name: 'Participar' })).toBeNull();
  });

  it('shows the API’s msg for a campaign that does not exist', async () => {
    fakeApi({
      '/professionals/points-extra/k1': [404, { msg: 'Campanha de pontos extras não encontrada.' }],
    });
    renderPage('/point-extra/qrcode?id=k1', ['/point-extra/qrcode'], <CampaignPage />);
    expect(await screen.findByText('Campanha de pontos extras não encontrada.')).toBeInTheDocument();
  });
});
