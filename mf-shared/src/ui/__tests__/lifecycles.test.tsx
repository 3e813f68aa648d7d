import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { RenderInSlices } from '../lifecycles';

/** Whether the page was on the screen at each commit of the watcher (its first is the root's first). */
const seen: boolean[] = [];
function Watcher() {
  useLayoutEffect(() => {
    seen.push(screen.queryByText('A página') !== null);
  });
  return null;
}

describe('RenderInSlices', () => {
  it('draws its children in a transition, after a first commit without them', async () => {
    render(
      <>
        <Watcher />
        <RenderInSlices>
          <p>A página</p>
        </RenderInSlices>
      </>,
    );
    expect(await screen.findByText('A página')).toBeInTheDocument();
    // The first commit had the page area empty: the tree came after it, in the transition.
    expect(seen[0]).toBe(false);
  });
});
