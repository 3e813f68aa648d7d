import type { Faq } from '@especifica/mf-shared/contracts';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqPage } from '../components/faq-page';

const faq: Faq = {
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

/** What the API answers to 'notas reprovadas': the one question, with the words of the same stems marked. */
const reproved: Faq = {
  topics: [
    {
      topic: 'Pontos',
      topicMarks: [],
      items: [
        {
          id: 'q4',
          question: 'Minha nota foi reprovada. E agora?',
          answer: 'Veja o motivo e envie de novo.',
          marks: {
            question: [
              [6, 10],
              [15, 24],
            ],
            answer: [],
          },
        },
      ],
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

  it('asks the API once the person stops typing, shows what it found open and marks what it matched', async () => {
    const sent = fakeApi({
      '/professionals/faq/get-all': (_body, params) => [200, params.search ? reproved : faq],
    });
    renderPage('/faq', ['/faq'], <FaqPage />);
    await userEvent.type(await screen.findByLabelText('Buscar nas perguntas'), 'notas reprovadas');
    await waitFor(() => expect(screen.getAllByTestId('faq-item')).toHaveLength(1));
    expect(screen.queryByText('Quando os pontos vencem?')).toBeNull();
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['nota', 'reprovada']);
    expect(screen.getByTestId('faq-item')).toHaveAttribute('open');
    // Not one call per key: the search typed at once reaches the API as one search.
    const searches = sent.map((call) => call.params?.search).filter(Boolean);
    expect(searches).toEqual(['notas reprovadas']);
  });

  it('says so when nothing matches, and shows the error with a retry when the FAQ fails', async () => {
    fakeApi({ '/professionals/faq/get-all': [200, { topics: [] }] });
    renderPage('/faq?search=xyz', ['/faq'], <FaqPage />);
    expect(await screen.findByText('Nenhuma pergunta encontrada para esta busca.')).toBeInTheDocument();
    fakeApi({ '/professionals/faq/get-all': [500, { msg: 'Serviço indisponível.' }] });
    renderPage('/faq', ['/faq'], <FaqPage />);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
