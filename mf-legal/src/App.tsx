import { lazyScreen, remoteApp } from '@groupflow/shell-kit';
import { LEGAL_ERROR_TEXTS } from './errorTexts.ts';

// The long legal texts and the staff legal tools each load only with their own page.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/renderPage.ts).
const PrivacyPolicy = lazyScreen(() => import(/* webpackChunkName: "privacy" */ './pages/PrivacyPolicy.tsx'));
const TermsOfService = lazyScreen(() => import(/* webpackChunkName: "terms" */ './pages/TermsOfService.tsx'));
const LegalAffairs = lazyScreen(
  () => import(/* webpackChunkName: "legal-affairs" */ './legal-affairs/LegalAffairs.tsx'),
);

/** Every legal screen of the route table. */
const app = remoteApp({
  area: 'legal',
  screens: { '/privacy': PrivacyPolicy, '/terms': TermsOfService, '/legal-affairs': LegalAffairs },
  errorTexts: LEGAL_ERROR_TEXTS,
});

export default app.default;
/** Loads the screen of `pathname` before the shell first draws it (RemoteAppModule). */
export const preload = app.preload;
