import { renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyResult } from '../index';

describe('the empty state', () => {
  it('draws a line drawing in the current colour, what is missing, one sentence and the next page as a link', () => {
    renderPage(
      '/',
      ['/'],
      <EmptyResult
        title="Nenhuma nota fiscal enviada ainda."
        description="Envie a nota de uma compra em loja parceira para ganhar pontos."
        drawing="invoice"
        next={{ label: 'Enviar nota fiscal', to: '/invoices' }}
      />,
    );
    const empty = screen.getByTestId('empty-state');
    const drawing = empty.querySelector('svg');
    expect(drawing).toHaveAttribute('data-drawing', 'invoice');
    expect(drawing).toHaveAttribute('stroke', 'currentColor');
    expect(drawing).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Nenhuma nota fiscal enviada ainda.')).toBeInTheDocument();
    expect(screen.getByText('Envie a nota de uma compra em loja parceira para ganhar pontos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar nota fiscal' })).toHaveAttribute('href', '/invoices');
  });

  it("takes an action of the screen as its next step, and says the kit's sentence without a title", async () => {
    const clear = jest.fn();
    renderPage('/', ['/'], <EmptyResult drawing="search" next={{ label: 'Limpar filtros', onClick: clear }} />);
    expect(screen.getByText('Nenhum resultado encontrado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it("draws a room's plan when no drawing is named, smaller inside a card", () => {
    renderPage('/', ['/'], <EmptyResult title="Nada por aqui." compact />);
    const drawing = screen.getByTestId('empty-state').querySelector('svg');
    expect(drawing).toHaveAttribute('data-drawing', 'plan');
    expect(drawing).toHaveAttribute('width', '72');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
