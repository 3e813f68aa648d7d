import { type StoredUser, session } from '@especifica/mf-shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { Footer } from '../footer';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const user = (userType: StoredUser['userType']): StoredUser => ({
  name: 'Ana Arquiteta',
  email: 'ana@especifica.dev',
  profileImage: null,
  accessToken: 'token',
  userType,
  shopkeeperType: userType === 'shopkeeper' ? 'seller' : null,
});

describe('the footer', () => {
  afterEach(() => act(() => session.clearUser()));

  it('links the FAQ for professionals and shopkeepers, opening it inside the app', () => {
    act(() => session.setUser(user('professional')));
    render(<Footer />);
    const link = screen.getByRole('link', { name: 'Perguntas frequentes' });
    expect(link).toHaveAttribute('href', '/faq');
    fireEvent.click(link);
    expect(navigateToUrl).toHaveBeenCalledWith('/faq');
    act(() => session.setUser(user('shopkeeper')));
    expect(screen.getByRole('link', { name: 'Perguntas frequentes' })).toBeInTheDocument();
  });

  it('has no FAQ link signed out or for an admin, whose area has no FAQ to read', () => {
    render(<Footer />);
    expect(screen.queryByRole('link', { name: 'Perguntas frequentes' })).toBeNull();
    act(() => session.setUser(user('admin')));
    expect(screen.queryByRole('link', { name: 'Perguntas frequentes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Fale conosco' })).toBeInTheDocument();
  });
});
