import { renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import { NotificationCard } from '../index';

const notice = (type: string, data: Record<string, unknown> | null) => ({
  id: 'n1',
  type,
  title: 'Novo nível alcançado',
  message: 'Parabéns! Você alcançou o nível Ouro.',
  data,
  read: false,
  createdAt: '2026-05-10T12:00:00Z',
});

describe("a level's notification", () => {
  it("shows the level's emblem by the rank the API gives, hidden from readers as the message names the level", () => {
    renderPage(
      '/',
      ['/'],
      <NotificationCard item={notice('level-changed', { level: 'Ouro', rank: 2 })} onRead={() => {}} reading={false} />,
    );
    const emblem = screen.getByTestId('notification').querySelector('svg[data-material]');
    expect(emblem).toHaveAttribute('data-material', 'gold');
    expect(emblem).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows none for a level the programme no longer has (no rank), nor for any other notice', () => {
    renderPage(
      '/',
      ['/'],
      <ul>
        <NotificationCard item={notice('level-changed', { level: 'Prata Plus' })} onRead={() => {}} reading={false} />
        <NotificationCard item={notice('invoice-approved', { rank: 1 })} onRead={() => {}} reading={false} />
      </ul>,
    );
    for (const card of screen.getAllByTestId('notification'))
      expect(card.querySelector('svg[data-material]')).toBeNull();
  });
});
