import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matches } from '../api/faq';
import { FaqPage } from '../components/faq-page';

const faq = {
  topics: [
    {
      topic: 'Pontos',
      items: [
        { id: 'q1', question: 'Quando os pontos vencem?', answer: 'Depois de 24 meses do crédito.' },
        { id: 'q2', question: 'Como ganho pontos?', answer: 'Com notas fiscais aprovadas.' },
        { id: 'q4', question: 'Minha nota foi reprovada. E agora?', answer: 'Veja o motivo e envie de novo.' },
      ],
    },
    {
      topic: 'Experiências',
      items: [{ id: 'q3', question: 'Posso cancelar a inscrição?', answer: 'Sim, até a data da experiência.' }],
    },
  ],
};

describe('the FAQ screen', () => {
  it('groups the questions by topic', async () => {
    fakeApi({ '/professionals/faq/get-all': [200, faq] });
    renderPage('/faq', ['/faq'], <FaqPage />);
    const points = await screen.findByRole('region', { name: 'Pontos' });
    expect(within(points).getAllByTestId('faq-item')).toHaveLength(3);
    expect(within(screen.getByRole('region', { name: 'Experiências' })).getAllByTestId('faq-item')).toHaveLength(1);
  });

  it('finds "inscrição" typed without accents or capitals and marks what matched', async () => {
    fakeApi({ '/professionals/faq/get-all': [200, faq] });
    renderPage('/faq', ['/faq'], <FaqPage />);
    await userEvent.type(await screen.findByLabelText('Buscar nas perguntas'), 'INSCRICAO');
    expect(screen.getAllByTestId('faq-item')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Pontos' })).toBeNull();
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['inscrição']);
  });

  it('matches every word in any order, ignoring accents and case, and marks each word', async () => {
    fakeApi({ '/professionals/faq/get-all': [200, faq] });
    renderPage('/faq', ['/faq'], <FaqPage />);
    const box = await screen.findByLabelText('Buscar nas perguntas');
    await userEvent.type(box, 'REPROVADA nota');
    const found = screen.getAllByTestId('faq-item');
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Minha nota foi reprovada. E agora?');
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['nota', 'reprovada']);
    // A word that is in no question leaves none.
    await userEvent.type(box, ' comissão');
    expect(screen.queryAllByTestId('faq-item')).toHaveLength(0);
  });

  it('says so when nothing matches, and shows the error with a retry when the FAQ fails', async () => {
    fakeApi({ '/professionals/faq/get-all': [200, faq] });
    renderPage('/faq?search=xyz', ['/faq'], <FaqPage />);
    expect(await screen.findByText('Nenhuma pergunta encontrada para esta busca.')).toBeInTheDocument();
    fakeApi({ '/professionals/faq/get-all': [500, { msg: 'Serviço indisponível.' }] });
    renderPage('/faq', ['/faq'], <FaqPage />);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('matches keep the positions of the original text', () => {
    expect(matches('Ação e AÇÃO', 'acao')).toEqual([
      [0, 4],
      [7, 11],
    ]);
    expect(matches('texto', '  ')).toEqual([]);
  });
});
