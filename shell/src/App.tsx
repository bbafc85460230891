import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from '@groupflow/shell-kit/router';
import { areaOfPath, SHELL_PATHS, type ShellPath } from '@groupflow/core/contracts';
import { Toaster } from './toaster/Toaster.tsx';
import { RemoteArea } from './remotes/RemoteArea.tsx';
import { NotFound } from './NotFound.tsx';
import { DiagnosticsHost } from './diagnostics/DiagnosticsHost.tsx';
import LandingPage from './landing/LandingPage.tsx';

/** The screens the shell renders itself (SHELL_PATHS): no remote is loaded for them. */
const SHELL_SCREENS: Record<ShellPath, ComponentType> = { '/': LandingPage };

/** Picks the remote that owns the path; the remote's own <Routes> then picks the screen. */
function AreaForLocation() {
  const area = areaOfPath(useLocation().pathname);
  return area ? <RemoteArea area={area} /> : <NotFound />;
}

/** The query client is the remotes' (remotes/loadArea.tsx provides it): the shell's own screens do without. */
export function App() {
  return (
    <Toaster>
      <BrowserRouter>
        <Routes>
          {SHELL_PATHS.map((path) => {
            const Screen = SHELL_SCREENS[path];
            return <Route key={path} path={path} element={<Screen />} />;
          })}
          <Route path="*" element={<AreaForLocation />} />
        </Routes>
        <DiagnosticsHost />
      </BrowserRouter>
    </Toaster>
  );
}
