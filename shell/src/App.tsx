import { useEffect, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from '@groupflow/shell-kit/router';
import { STAFF_LOGIN_PATH, STAFF_TOKEN_KEY } from '@groupflow/shell-kit';
import { areaOfPath, isStaffOnlyPage, routeOfPath, SHELL_PATHS, type ShellPath } from '@groupflow/core/contracts';
import { Toaster } from './toaster/Toaster.tsx';
import { RemoteArea } from './remotes/RemoteArea.tsx';
import { NotFound } from './NotFound.tsx';
import { DiagnosticsHost } from './diagnostics/DiagnosticsHost.tsx';
import LandingPage from './landing/LandingPage.tsx';

/** The screens the shell renders itself (SHELL_PATHS): no remote is loaded for them. */
const SHELL_SCREENS: Record<ShellPath, ComponentType> = { '/': LandingPage };

/**
 * A staff-only page opened without a stored staff token would load its remote only to leave for the staff sign-in:
 * the shell goes there at once (the server's redirect, on the marker cookie, usually did already; issue 28).
 */
function ToStaffLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(STAFF_LOGIN_PATH, { replace: true });
  }, [navigate]);
  return null;
}

const needsStaffSignIn = (pathname: string) =>
  isStaffOnlyPage(routeOfPath(pathname)) && !globalThis.localStorage?.getItem(STAFF_TOKEN_KEY);

/** Picks the remote that owns the path; the remote's own <Routes> then picks the screen. */
function AreaForLocation() {
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  if (!area) return <NotFound />;
  return needsStaffSignIn(pathname) ? <ToStaffLogin /> : <RemoteArea area={area} />;
}

/**
 * Every page of the shell, inside whichever router the caller gives: the browser's (App), or the build's static one
 * that prerenders the landing page (prerender.tsx). One tree for both, so the page the browser hydrates is the one
 * the build wrote.
 */
export function Screens() {
  return (
    <>
      <Routes>
        {SHELL_PATHS.map((path) => {
          const Screen = SHELL_SCREENS[path];
          return <Route key={path} path={path} element={<Screen />} />;
        })}
        <Route path="*" element={<AreaForLocation />} />
      </Routes>
      <DiagnosticsHost />
    </>
  );
}

/** The query client is the remotes' (remotes/loadArea.tsx provides it): the shell's own screens do without. */
export function App() {
  return (
    <Toaster>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </Toaster>
  );
}
