import { i18n, registerTexts } from '@especifica/mf-shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { palette } from '../../ui/tokens';
import { RemoteBoundary } from '../boundary';
import { useTexts } from '../texts';
import { addThemeStyles, themeCss } from '../theme';

function Title() {
  const { t } = useTexts();
  return <h1>{t('remote.failedTitle')}</h1>;
}

function Probe() {
  const { t } = useTexts();
  return <p>{t('plainProbe.hello', { name: 'Ana' })}</p>;
}

const flaky = { fail: true };
function Flaky() {
  if (flaky.fail) throw new Error('boom');
  return <p>de volta</p>;
}

describe('the plain entry', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('ptBR'));
  });

  it('reads texts from the one i18n instance and follows the language as it changes', async () => {
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Não foi possível carregar esta área');
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('This area could not be loaded')).toBeInTheDocument();
  });

  it('shows a dictionary added after the first render (a module registering its texts)', () => {
    render(<Probe />);
    act(() => registerTexts(i18n, { ptBR: { plainProbe: { hello: 'Olá, {{name}}' } }, en: async () => ({ en: {} }) }));
    expect(screen.getByText('Olá, Ana')).toBeInTheDocument();
  });

  it('makes the theme colours custom properties from the tokens, the dark ones under .dark, once', () => {
    expect(themeCss).toContain(`--es-primary-600:${palette.primary['600']};`);
    expect(themeCss).toContain(`--es-neutral-25:${palette.neutral['25']};`);
    expect(themeCss).toMatch(/\.dark\{[^}]*--es-brand:var\(--es-primary-400\)/);
    // surface mirrors the neutral scale in the dark theme, as the Chakra system does.
    expect(themeCss).toMatch(/\.dark\{[^}]*--es-surface-100:var\(--es-neutral-700\)/);
    addThemeStyles();
    addThemeStyles();
    expect(document.querySelectorAll('style#es-theme')).toHaveLength(1);
  });

  it('keeps a screen that throws inside its area, with a retry that draws it again', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    flaky.fail = true;
    render(
      <RemoteBoundary name="mf_test">
        <Flaky />
      </RemoteBoundary>,
    );
    expect(screen.getByTestId('remote-fallback')).toHaveTextContent('Não foi possível carregar esta área');
    flaky.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByText('de volta')).toBeInTheDocument();
    error.mockRestore();
  });
});
