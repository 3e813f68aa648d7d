import { fireEvent, screen } from '@testing-library/react';
import { Avatar, avatarInitials } from '../avatar';
import { renderUi } from './render';

describe('the avatar', () => {
  it.each([
    ['Ana Arquiteta', 'AA'],
    ['maria', 'M'],
    ['  joão  da silva ', 'JS'],
    ['érica de souza', 'ÉS'],
    ['Carlos Alberto de Oliveira Lima', 'CL'],
    ['', ''],
  ])('shows "%s" as the initials "%s"', (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });

  it('shows the initials of a person without a picture, named for assistive technology', () => {
    renderUi(<Avatar name="Ana Arquiteta" />);
    expect(screen.getByRole('img', { name: 'Ana Arquiteta' })).toHaveTextContent('AA');
  });

  it('shows +N instead of initials when an extra number is given', () => {
    renderUi(<Avatar name="Ana Arquiteta" extra={3} />);
    expect(screen.getByRole('img', { name: 'Mais 3' })).toHaveTextContent('+3');
  });

  it('shows the image when there is one and falls back to the initials when it fails to load', () => {
    const { container } = renderUi(<Avatar name="Ana Arquiteta" src="/ana.png" />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/ana.png');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ana Arquiteta' })).toHaveTextContent('AA');
  });
});
