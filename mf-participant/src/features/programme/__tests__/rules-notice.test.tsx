import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { rulesAnswer } from '../../../app/test-rules';
import { signIn } from '../../../app/test-session';
import { RulesNotice } from '../rules-notice';

describe('the notice of the rules per profession', () => {
  it('says nothing under the defaults, and the rule of a profession that earns nothing or has no levels', async () => {
    signIn('professional');
    const sent = fakeApi({ '/professionals/rules': rulesAnswer() });
    const first = renderPage('/score', ['/score'], <RulesNotice about="points" />);
    await waitFor(() => expect(sent.some((call) => call.url === '/professionals/rules')).toBe(true));
    expect(screen.queryByTestId('rules-notice')).toBeNull();
    first.unmount();

    fakeApi({ '/professionals/rules': rulesAnswer({ earns: 'nothing', levels: false }) });
    const second = renderPage('/score', ['/score'], <RulesNotice about="points" />);
    expect(await screen.findByTestId('rules-notice')).toHaveTextContent(
      'Pelas regras do programa para Arquiteto, suas especificações não acumulam pontos. Ver o regulamento',
    );
    expect(screen.getByRole('link', { name: 'Ver o regulamento' })).toHaveAttribute('href', '/regulation');
    second.unmount();

    renderPage('/categories', ['/categories'], <RulesNotice about="levels" />);
    expect(await screen.findByTestId('rules-notice')).toHaveTextContent(
      'Pelas regras do programa para Arquiteto, sua profissão não participa dos níveis.',
    );
  });

  it('asks nothing for a shopkeeper', async () => {
    signIn('shopkeeper');
    const sent = fakeApi({});
    renderPage('/score', ['/score'], <RulesNotice about="points" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(screen.queryByTestId('rules-notice')).toBeNull();
  });
});
