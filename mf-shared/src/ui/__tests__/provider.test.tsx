import { Text, UiProvider } from '@especifica/mf-shared/ui';
import { act, render } from '@testing-library/react';

const globalSheets = () => [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')];
/** How many global sheets carry Chakra's tokens as CSS variables, and how many global sheets there are in all. */
const drawn = () => [
  globalSheets().filter((style) =>
    [...(style.sheet?.cssRules ?? [])].some((rule) => rule.cssText.includes('--chakra-colors-')),
  ).length,
  globalSheets().length,
];

describe('the UI provider in several React roots', () => {
  it('draws the global stylesheet once, hands it to the next root when its root goes, and removes it with the last', () => {
    const header = render(
      <UiProvider>
        <Text>cabeçalho</Text>
      </UiProvider>,
    );
    // One sheet for the layers' order, one for the reset, base styles and tokens.
    expect(drawn()).toEqual([1, 2]);

    const remote = render(
      <UiProvider>
        <Text>tela</Text>
      </UiProvider>,
    );
    expect(drawn()).toEqual([1, 2]);

    act(() => header.unmount());
    expect(drawn()).toEqual([1, 2]);
    expect(remote.getByText('tela')).toBeInTheDocument();

    act(() => remote.unmount());
    expect(drawn()).toEqual([0, 0]);
  });
});
