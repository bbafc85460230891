import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { AREA_ROUTES, isShellPath, routeOfPath, type Area, type ShellPath } from '@groupflow/core/contracts';
import { ErrorTextsProvider, type ErrorTexts } from './errors.ts';
import { preloadScreen, type LazyScreen, type RemoteAppModule } from './lazyScreen.ts';
import { LoadingState } from './ui/states.tsx';

/** The routes of an area's table that its remote draws: every one but those the shell draws itself (SHELL_PATHS). */
export type RemoteRoute<A extends Area> = Exclude<(typeof AREA_ROUTES)[A][number], ShellPath>;

/** One screen for each route the remote draws: a route missing, or one of another area, does not compile. */
export type AreaScreens<A extends Area> = { readonly [R in RemoteRoute<A>]: LazyScreen };

export interface RemoteAppOptions<A extends Area> {
  area: A;
  screens: AreaScreens<A>;
  /** The words of the area's error codes (ErrorTextsProvider). */
  errorTexts: ErrorTexts;
  /** Drawn beside every screen, outside its loading state (mf-customer's watch for a session ended elsewhere). */
  alongside?: ReactNode;
}

/**
 * Routes of `area` with no screen, and screens of routes that are not the area's, as one message; `undefined` when
 * the screens match the table. The types already refuse both; this also holds for screens built at run time.
 */
export function screensMismatch(area: Area, screens: Readonly<Record<string, LazyScreen>>): string | undefined {
  const routes: readonly string[] = AREA_ROUTES[area].filter((route) => !isShellPath(route));
  const missing = routes.filter((route) => !Object.hasOwn(screens, route));
  const foreign = Object.keys(screens).filter((route) => !routes.includes(route));
  if (missing.length === 0 && foreign.length === 0) return undefined;
  return [
    missing.length ? `no screen for ${missing.join(', ')}` : '',
    foreign.length ? `screens for routes not in the ${area} table: ${foreign.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * A remote's exposed App module (RemoteAppModule): its root component draws the screen of each route of the area's
 * table (AREA_ROUTES) under the area's error texts, and `preload(pathname)` loads that screen's code beforehand.
 * Refuses screens that do not match the table (screensMismatch), so a route is never left without its screen.
 */
export function remoteApp<A extends Area>({
  area,
  screens,
  errorTexts,
  alongside,
}: RemoteAppOptions<A>): Required<RemoteAppModule> {
  const byRoute: Readonly<Record<string, LazyScreen>> = screens;
  const mismatch = screensMismatch(area, byRoute);
  if (mismatch) throw new Error(`The ${area} remote's screens do not match its route table: ${mismatch}`);
  const App: ComponentType = () => (
    <ErrorTextsProvider texts={errorTexts}>
      {alongside}
      <Suspense fallback={<LoadingState />}>
        <Routes>
          {Object.entries(byRoute).map(([route, Screen]) => (
            <Route key={route} path={route} element={<Screen />} />
          ))}
        </Routes>
      </Suspense>
    </ErrorTextsProvider>
  );
  App.displayName = `${area}App`;
  return { default: App, preload: (pathname) => preloadScreen(byRoute, routeOfPath(pathname)) };
}
