import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A screen whose code loads with its route, and can be loaded before it is first drawn. */
export type LazyScreen = FunctionComponent & {
  /** Loads the screen's code; once it has, the screen draws at once instead of suspending first. */
  preload(): Promise<void>;
};

/**
 * React.lazy suspends on a screen's first draw even when its code is already loaded, which shows the Suspense
 * fallback for a moment. A page whose markup is already on screen (its first paint, issue 28) must be replaced by
 * its screen in one draw, with no loading state between: after preload(), this screen draws synchronously.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = lazy(loadAndKeep);
  // The lazy wrapper never commits once the code is there: a draw that suspended is drawn again from the start.
  const Screen = () => createElement(loaded ?? Suspending);
  Screen.preload = () => loadAndKeep().then(() => undefined);
  return Screen;
}

/** What every remote's exposed App module holds: its screens, and a way to load the one a path shows beforehand. */
export interface RemoteAppModule {
  default: ComponentType;
  /** Loads the code of the screen `pathname` shows (nothing for a path it does not own). */
  preload?(pathname: string): Promise<void>;
}

/** A remote's preload over its route table of lazy screens. */
export function preloadScreen(screens: Readonly<Record<string, LazyScreen>>, route: string): Promise<void> {
  return Object.hasOwn(screens, route) ? screens[route]!.preload() : Promise.resolve();
}
