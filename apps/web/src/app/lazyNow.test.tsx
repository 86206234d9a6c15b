import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyNow } from './lazyNow';

let mounts = 0;
function Counter() {
  const [n, setN] = useState(0);
  useEffect(() => {
    mounts += 1;
  }, []);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      typed {n}
    </button>
  );
}

describe('lazyNow (issue 30)', () => {
  afterEach(cleanup);

  it('keeps what its page holds when its parent renders again after the code came in (no remount)', async () => {
    mounts = 0;
    const Page = lazyNow(() => Promise.resolve({ default: Counter }));
    let setTick: (n: number) => void = () => undefined;
    let open: () => void = () => undefined;
    function Parent() {
      const [tick, setT] = useState(0);
      const [shown, setShown] = useState(false);
      setTick = setT;
      open = () => setShown(true);
      // A boundary already on screen when the page is asked for: as the app's frame is when a route opens.
      return (
        <Suspense fallback={<p>loading</p>}>
          <span>tick {tick}</span>
          {shown && <Page />}
        </Suspense>
      );
    }
    render(<Parent />);
    act(() => open());
    const button = await screen.findByRole('button', { name: 'typed 0' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'typed 1' })).toBeTruthy();
    act(() => setTick(1));
    await screen.findByText('tick 1');
    expect(screen.getByRole('button', { name: 'typed 1' })).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('renders at once, with no fallback, once preloaded', async () => {
    const Page = lazyNow(() => Promise.resolve({ default: Counter }));
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'typed 0' })).toBeTruthy();
  });
});
