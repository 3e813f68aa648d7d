import { formatPoints } from '../format';
import { TOAST_AUTO_CLOSE_MS, type Toast, ToastBus } from '../toast/bus';

describe('points in pt-BR', () => {
  it.each([
    [1234.5, '1.234,5'],
    [0, '0'],
    [8250.5, '8.250,5'],
    [1000000, '1.000.000'],
    [12.345, '12,35'],
    [-3.1, '-3,1'],
  ])('%s reads %s (at most 2 decimals)', (points, text) => {
    expect(formatPoints(points)).toBe(text);
  });
});

describe('the toast bus', () => {
  it('gives each toast an id, the top-right placement and a 5000 ms auto-close by default', () => {
    const bus = new ToastBus();
    const seen: Toast[] = [];
    bus.toasts.subscribe((toast) => seen.push(toast));
    bus.error('Login ou senha inválidos');
    bus.show({ message: 'x', type: 'info', placement: 'bottomStart', autoCloseMs: 100 });
    expect(seen[0]).toEqual({
      id: 1,
      type: 'error',
      message: 'Login ou senha inválidos',
      placement: 'topEnd',
      autoCloseMs: TOAST_AUTO_CLOSE_MS,
    });
    expect(seen[1]).toMatchObject({ id: 2, placement: 'bottomStart', autoCloseMs: 100 });
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
  });
});
