import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '../checkbox';
import { renderUi } from './render';

describe('the checkbox', () => {
  it('calls the handler with the state a click asks for, and shows the state it is given', async () => {
    const onChange = jest.fn();
    const { rerender } = renderUi(<Checkbox checked={false} onChange={onChange} label="Aceito o regulamento" />);
    const box = screen.getByRole('checkbox', { name: 'Aceito o regulamento' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Aceito o regulamento'));
    expect(onChange).toHaveBeenLastCalledWith(true);

    rerender(<Checkbox checked onChange={onChange} label="Aceito o regulamento" />);
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('answers the Space key and does nothing when disabled', async () => {
    const onChange = jest.fn();
    const { rerender } = renderUi(<Checkbox checked={false} onChange={onChange} aria-label="Selecionar linha" />);
    screen.getByRole('checkbox', { name: 'Selecionar linha' }).focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(true);

    onChange.mockClear();
    rerender(<Checkbox checked={false} onChange={onChange} aria-label="Selecionar linha" disabled />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws an 18px box', () => {
    const { container } = renderUi(<Checkbox checked onChange={() => {}} aria-label="Selecionar" />);
    const box = container.querySelector('[data-part="box"]') as Element;
    expect(getComputedStyle(box)).toMatchObject({ width: '18px', height: '18px' });
  });
});
