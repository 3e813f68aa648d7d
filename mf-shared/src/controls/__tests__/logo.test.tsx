import { fireEvent, screen } from '@testing-library/react';
import { Logo } from '../logo';
import { renderUi } from './render';

const logo = () => screen.getByRole('link', { name: 'Especifica: página inicial' });

describe('the logo', () => {
  it('goes to /dashboard by default', () => {
    renderUi(<Logo />);
    expect(logo()).toHaveAttribute('href', '/dashboard');
  });

  it('goes to the address it is given, through the client-side router when one is supplied', () => {
    const onNavigate = jest.fn();
    renderUi(<Logo to="/cms/dashboard" onNavigate={onNavigate} />);
    expect(logo()).toHaveAttribute('href', '/cms/dashboard');
    const click = fireEvent.click(logo());
    expect(click).toBe(false);
    expect(onNavigate).toHaveBeenCalledWith('/cms/dashboard');
  });

  it('leaves a click with a modifier key to the browser, so a new tab still opens', () => {
    const onNavigate = jest.fn();
    renderUi(<Logo onNavigate={onNavigate} />);
    expect(fireEvent.click(logo(), { ctrlKey: true })).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('is 120px wide on a narrow screen and in its mobile variant (200px on desktop is checked in a real browser)', () => {
    const { rerender } = renderUi(<Logo variant="white" />);
    expect(logo()).toHaveAttribute('data-variant', 'white');
    expect(getComputedStyle(logo()).width).toBe('120px');
    rerender(<Logo mobile />);
    expect(getComputedStyle(logo()).width).toBe('120px');
  });
});
