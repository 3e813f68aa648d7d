import { Text, UiProvider } from '@especifica/mf-shared/ui';
import { act, render } from '@testing-library/react';
import { prepareGlobalStyles } from '../provider';

const globalSheets = () => [...document.querySelectorAll<HTMLStyleElement>('style[data-chakra-global]')];
/** The global sheets on the page, and how many of them carry Chakra's tokens as CSS variables. */
const drawn = () => [
  globalSheets().length,
  globalSheets().filter((style) => style.textContent?.includes('--chakra-colors-primary-600')).length,
];
const emotionGlobals = () => document.querySelectorAll('style[data-emotion^="css-global"]').length;

describe('the UI provider in several React roots', () => {
  it('puts the global stylesheet on the page once, first, keeps it while a root is mounted, removes it with the last', () => {
    const header = render(
      <UiProvider>
        <Text>cabeçalho</Text>
      </UiProvider>,
    );
    expect(drawn()).toEqual([1, 1]);
    // Before every other stylesheet: its layer order comes first. Chakra's provider draws no copy of its own.
    expect(document.head.firstElementChild).toBe(globalSheets()[0]);
    expect(globalSheets()[0]?.textContent).toMatch(/^@layer reset, base, tokens, recipes;/);
    expect(emotionGlobals()).toBe(0);

    const remote = render(
      <UiProvider>
        <Text>tela</Text>
      </UiProvider>,
    );
    expect(drawn()).toEqual([1, 1]);

    act(() => header.unmount());
    expect(drawn()).toEqual([1, 1]);
    expect(remote.getByText('tela')).toBeInTheDocument();

    act(() => remote.unmount());
    expect(drawn()).toEqual([0, 0]);
  });

  it('applies the sheet made ahead of the first provider rather than parsing another, and leaves it inert until then', () => {
    prepareGlobalStyles();
    const [prepared] = globalSheets();
    expect(drawn()).toEqual([1, 1]);
    expect(prepared?.media).toBe('not all');
    // Made again, it is still the one sheet.
    prepareGlobalStyles();
    expect(globalSheets()).toEqual([prepared]);

    const root = render(
      <UiProvider>
        <Text>tela</Text>
      </UiProvider>,
    );
    expect(globalSheets()).toEqual([prepared]);
    expect(prepared?.hasAttribute('media')).toBe(false);
    expect(document.head.firstElementChild).toBe(prepared);

    act(() => root.unmount());
    expect(drawn()).toEqual([0, 0]);
  });
});
