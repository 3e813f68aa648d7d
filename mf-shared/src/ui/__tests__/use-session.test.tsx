import { session } from '@especifica/mf-shared';
import { act, render, screen } from '@testing-library/react';
import { useSession } from '../use-session';

const ana = {
  name: 'Ana',
  email: 'ana@x.dev',
  profileImage: null,
  accessToken: 't1',
  userType: 'professional' as const,
  shopkeeperType: null,
};

/** How many times each component below was drawn. */
const drawn = { user: 0, score: 0, whole: 0 };

function Name() {
  const user = useSession((state) => state.user);
  drawn.user++;
  return <p data-testid="name">{user?.name}</p>;
}

function Points() {
  const score = useSession((state) => state.score);
  drawn.score++;
  return <p data-testid="points">{score?.points ?? '-'}</p>;
}

function Whole() {
  const state = useSession();
  drawn.whole++;
  return <p data-testid="whole">{state.score?.points ?? '-'}</p>;
}

describe('useSession', () => {
  afterEach(() => act(() => session.clearUser()));

  it('draws a part of the session again only when that part changes', () => {
    session.setUser(ana);
    session.setScore(null);
    Object.assign(drawn, { user: 0, score: 0, whole: 0 });
    render(
      <>
        <Name />
        <Points />
        <Whole />
      </>,
    );
    act(() => session.setScore({ level: 'Prata', points: 9994, sublevel: 0 }));
    expect(screen.getByTestId('points')).toHaveTextContent('9994');
    expect(screen.getByTestId('whole')).toHaveTextContent('9994');
    expect(drawn).toEqual({ user: 1, score: 2, whole: 2 });

    act(() => session.patchUser({ name: 'Ana Arquiteta' }));
    expect(screen.getByTestId('name')).toHaveTextContent('Ana Arquiteta');
    expect(drawn).toEqual({ user: 2, score: 2, whole: 3 });
  });
});
