import { Suspense } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { ErrorTextsProvider, lazyScreen, LoadingState, preloadScreen } from '@groupflow/shell-kit';
import { routeOfPath } from '@groupflow/core/contracts';
import { LEGAL_ERROR_TEXTS } from './errorTexts.ts';

// The long legal texts and the staff legal tools each load only with their own page.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/shellPages.ts).
const PrivacyPolicy = lazyScreen(() => import(/* webpackChunkName: "privacy" */ './pages/PrivacyPolicy.tsx'));
const TermsOfService = lazyScreen(() => import(/* webpackChunkName: "terms" */ './pages/TermsOfService.tsx'));
const LegalAffairs = lazyScreen(
  () => import(/* webpackChunkName: "legal-affairs" */ './legal-affairs/LegalAffairs.tsx'),
);

const SCREENS = { '/privacy': PrivacyPolicy, '/terms': TermsOfService, '/legal-affairs': LegalAffairs };

/** Loads the screen of `pathname` before the shell first draws it (RemoteAppModule). */
export const preload = (pathname: string) => preloadScreen(SCREENS, routeOfPath(pathname));

export default function LegalApp() {
  return (
    <ErrorTextsProvider texts={LEGAL_ERROR_TEXTS}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          {Object.entries(SCREENS).map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </Routes>
      </Suspense>
    </ErrorTextsProvider>
  );
}
