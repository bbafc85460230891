import { describe, expect, it } from 'vitest';
import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyScreen, preloadScreen } from './lazyScreen.ts';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

/** A screen module that arrives when the test says so, counting how often it was asked for. */
function deferredScreen() {
  let arrive: () => void = () => {};
  const asked = { count: 0 };
  const load = () => {
    asked.count += 1;
    return new Promise<{ default: typeof Counter }>((resolve) => {
      arrive = () => resolve({ default: Counter });
    });
  };
  return { load, asked, arrive: () => arrive() };
}

const inSuspense = (Screen: React.ComponentType) => (
  <Suspense fallback={<p>Loading screen</p>}>
    <Screen />
  </Suspense>
);

describe('lazyScreen', () => {
  it('suspends on its first draw while its code has not loaded, as React.lazy does', async () => {
    const module = deferredScreen();
    const Screen = lazyScreen(module.load);
    render(inSuspense(Screen));
    screen.getByText('Loading screen');
    await act(async () => module.arrive());
    screen.getByText('Clicked 0');
  });

  it('draws at once, with no loading state first, once preloaded', async () => {
    const module = deferredScreen();
    const Screen = lazyScreen(module.load);
    const preloaded = Screen.preload();
    module.arrive();
    await preloaded;
    render(inSuspense(Screen));
    // Synchronously: the first paint a page shows must give way to the screen in one draw.
    screen.getByText('Clicked 0');
    expect(screen.queryByText('Loading screen')).toBeNull();
  });

  it("preloads a route's screen and nothing for a route the table does not have", async () => {
    const module = deferredScreen();
    const screens = { '/status': lazyScreen(module.load) };
    await preloadScreen(screens, '/elsewhere');
    await preloadScreen(screens, 'toString');
    expect(module.asked.count).toBe(0);
    const preloading = preloadScreen(screens, '/status');
    module.arrive();
    await preloading;
    expect(module.asked.count).toBe(1);
  });
});
