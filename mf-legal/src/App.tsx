import { lazy, Suspense } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { ErrorTextsProvider, LoadingState } from '@groupflow/shell-kit';
import { LEGAL_ERROR_TEXTS } from './errorTexts.ts';

// The long legal texts and the staff legal tools each load only with their own page.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/shellPages.ts).
const PrivacyPolicy = lazy(() => import(/* webpackChunkName: "privacy" */ './pages/PrivacyPolicy.tsx'));
const TermsOfService = lazy(() => import(/* webpackChunkName: "terms" */ './pages/TermsOfService.tsx'));
const LegalAffairs = lazy(() => import(/* webpackChunkName: "legal-affairs" */ './legal-affairs/LegalAffairs.tsx'));

export default function LegalApp() {
  return (
    <ErrorTextsProvider texts={LEGAL_ERROR_TEXTS}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="/privacy" element={<PrivacyPolicy />} />
          <Route path="/terms" element={<TermsOfService />} />
          <Route path="/legal-affairs" element={<LegalAffairs />} />
        </Routes>
      </Suspense>
    </ErrorTextsProvider>
  );
}
