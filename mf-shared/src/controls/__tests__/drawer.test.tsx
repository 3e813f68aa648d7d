import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Drawer, type DrawerProps } from '../drawer';
import { renderUi } from './render';

/** A page with a drawer and, outside it, a date picker popup like the ones libraries portal to the body. */
function Page(props: Partial<DrawerProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir filtros
      </button>
      <p>Conteúdo da página</p>
      <div data-date-picker-popup="">
        <button type="button">15</button>
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} title="Filtros" {...props}>
        <label>
          Nome <input />
        </label>
      </Drawer>
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Filtros' });
// The drawer's code loads when it first opens: it is on the page a moment after the render.
const opened = () => screen.findByRole('dialog', { name: 'Filtros' });
// A closing drawer stays in the page for its 300 ms slide, so "still open" is read from its state.
const expectStillOpen = async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
  expect(dialog()).toHaveAttribute('data-state', 'open');
};
// The drawer starts listening for outside presses a moment after it opens, as a click that opened it is not outside:
// a few timer turns, which a busy machine can stretch past 50 ms.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));
const pressOutside = (element: Element) => {
  fireEvent.pointerDown(element, { pointerType: 'mouse', button: 0 });
  fireEvent.pointerUp(element, { pointerType: 'mouse', button: 0 });
  fireEvent.click(element);
};

describe('the drawer', () => {
  it('closes on Escape', async () => {
    renderUi(<Page />);
    expect(await opened()).toBeInTheDocument();
    await settle();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closes on a click outside it', async () => {
    renderUi(<Page />);
    await opened();
    await settle();
    pressOutside(screen.getByText('Conteúdo da página'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('stays open on a click outside it when outside clicks are blocked', async () => {
    renderUi(<Page closeOnOutsideClick={false} />);
    await opened();
    await settle();
    pressOutside(screen.getByText('Conteúdo da página'));
    await expectStillOpen();
  });

  it('stays open on a click inside a date picker popup', async () => {
    renderUi(<Page />);
    await opened();
    await settle();
    pressOutside(screen.getByText('15'));
    await expectStillOpen();
  });

  it('closes on its close button, shown by default, and can hide it', async () => {
    const { unmount } = renderUi(<Page />);
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(dialog()).toBeNull());
    unmount();

    renderUi(<Page showCloseButton={false} />);
    expect(await opened()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull();
  });

  it('locks the page scroll while open and releases it after closing', async () => {
    renderUi(<Page />);
    await opened();
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-lock'));
    const scroller = [document.documentElement, document.body].find((element) => element.style.overflow === 'hidden');
    expect(scroller).toBeDefined();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.body).not.toHaveAttribute('data-scroll-lock'));
    expect(document.documentElement.style.overflow).not.toBe('hidden');
    expect(document.body.style.overflow).not.toBe('hidden');
  });

  it('is named by its title or label, moves focus inside and slides from the right unless told left', async () => {
    const { unmount } = renderUi(<Page />);
    const panel = await opened();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    expect(panel).toHaveAttribute('data-placement', 'right');
    unmount();

    renderUi(<Page placement="left" title={undefined} aria-label="Menu" />);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toHaveAttribute('data-placement', 'left');
  });
});
