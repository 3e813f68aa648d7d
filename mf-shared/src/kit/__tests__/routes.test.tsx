import { MemoryRouter, Navigate, useLocation } from '@especifica/mf-shared/router';
import { act, render, screen } from '@testing-library/react';
import { ScreenRoutes, screen as screenOf } from '../index';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const screens = [screenOf('/dashboard', async () => ({ default: () => <h1>Painel</h1> }))];

function Remote({ url }: { url: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/dashboard" replace />} />
      <Where />
    </MemoryRouter>
  );
}

describe("a remote's route table", () => {
  it('sends an unknown path of the remote to its otherwise', async () => {
    render(<Remote url="/nada" />);
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('redirects an unknown path one task later, so a remote being unmounted never pulls the user back', () => {
    jest.useFakeTimers();
    try {
      // A logout: the address becomes /login, which another remote owns; single-spa unmounts this one within the task.
      render(<Remote url="/login" />);
      expect(screen.getByTestId('where')).toHaveTextContent('/login');
      // Still mounted a task later: the path is truly unknown to it, and it redirects.
      act(() => {
        jest.runOnlyPendingTimers();
      });
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    } finally {
      jest.useRealTimers();
    }
  });
});
