import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { RankingPage } from '../components/ranking-page';

const PENDING =
  'Seu cadastro de lojista aguarda aprovação. Enquanto isso você pode entrar e ver seus dados, mas ainda não pode registrar vendas, enviar arquivos, convidar profissionais nem ver rankings.';

describe('a shopkeeper waiting for approval', () => {
  beforeEach(() => signIn('shopkeeper', 'seller'));

  it("reads the server's reason instead of the ranking", async () => {
    fakeApi({ '/shopkeeper/seller-ranking': [403, { msg: PENDING, code: 'shopkeeper-pending' }] });
    renderPage('/ranking', ['/ranking'], <RankingPage />);
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(screen.queryByTestId('ranking-own')).toBeNull();
  });
});
