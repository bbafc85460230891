import { Route, Routes } from 'react-router-dom';
import PrivacyPolicy from './pages/PrivacyPolicy.tsx';
import TermsOfService from './pages/TermsOfService.tsx';
import LegalAffairs from './legal-affairs/LegalAffairs.tsx';

export default function LegalApp() {
  return (
    <Routes>
      <Route path="/privacy" element={<PrivacyPolicy />} />
      <Route path="/terms" element={<TermsOfService />} />
      <Route path="/legal-affairs" element={<LegalAffairs />} />
    </Routes>
  );
}
