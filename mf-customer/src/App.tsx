import { Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import LandingPage from './pages/LandingPage.tsx';

/** Every customer screen of the route table; the shell only mounts this for paths it owns. */
export default function CustomerApp() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      {AREA_ROUTES.customer
        .filter((path) => path !== '/')
        .map((path) => (
          <Route key={path} path={path} element={<ScreenPlaceholder title={path.slice(1)} />} />
        ))}
    </Routes>
  );
}
