import { lazy, Suspense } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { LoadingState } from '@groupflow/shell-kit';

// The long legal texts and the staff legal tools each load only with their own page.
const PrivacyPolicy = lazy(() => import('./pages/PrivacyPolicy.tsx'));
const TermsOfService = lazy(() => import('./pages/TermsOfService.tsx'));
const LegalAffairs = lazy(() => import('./legal-affairs/LegalAffairs.tsx'));

export default function LegalApp() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path="/privacy" element={<PrivacyPolicy />} />
        <Route path="/terms" element={<TermsOfService />} />
        <Route path="/legal-affairs" element={<LegalAffairs />} />
      </Routes>
    </Suspense>
  );
}
