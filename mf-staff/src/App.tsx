import { Suspense } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import {
  ErrorTextsProvider,
  lazyScreen,
  LoadingState,
  preloadScreen,
  ScreenPlaceholder,
  type LazyScreen,
} from '@groupflow/shell-kit';
import { AREA_ROUTES, routeOfPath } from '@groupflow/core/contracts';
import { STAFF_ERROR_TEXTS } from './errorTexts.ts';

// Each staff tool loads only with its own screen.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/shellPages.ts).
const StaffLogin = lazyScreen(() => import(/* webpackChunkName: "staff-login" */ './pages/StaffLogin.tsx'));
const StaffDashboard = lazyScreen(
  () => import(/* webpackChunkName: "staff-dashboard" */ './pages/dashboard/StaffDashboard.tsx'),
);
const ChainOfCommand = lazyScreen(
  () => import(/* webpackChunkName: "chain-of-command" */ './pages/ChainOfCommand.tsx'),
);
const ManageUsers = lazyScreen(() => import(/* webpackChunkName: "manage-users" */ './pages/ManageUsers.tsx'));
const LiveSupportChat = lazyScreen(
  () => import(/* webpackChunkName: "live-support-chat" */ './pages/liveSupportChat/LiveSupportChat.tsx'),
);
const SupportTickets = lazyScreen(
  () => import(/* webpackChunkName: "support-tickets" */ './pages/supportTickets/SupportTickets.tsx'),
);

const SCREENS: Record<string, LazyScreen> = {
  '/staff-login': StaffLogin,
  '/staff-dashboard': StaffDashboard,
  '/chain-of-command': ChainOfCommand,
  '/manage-users': ManageUsers,
  '/support-tickets': SupportTickets,
  '/live-support-chat': LiveSupportChat,
};

/** Loads the screen of `pathname` before the shell first draws it (RemoteAppModule). */
export const preload = (pathname: string) => preloadScreen(SCREENS, routeOfPath(pathname));

export default function StaffApp() {
  return (
    <ErrorTextsProvider texts={STAFF_ERROR_TEXTS}>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          {AREA_ROUTES.staff.map((path) => {
            const Screen = SCREENS[path];
            return (
              <Route
                key={path}
                path={path}
                element={Screen ? <Screen /> : <ScreenPlaceholder title={path.slice(1)} />}
              />
            );
          })}
        </Routes>
      </Suspense>
    </ErrorTextsProvider>
  );
}
