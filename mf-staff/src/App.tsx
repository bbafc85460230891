import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { ErrorTextsProvider, LoadingState, ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import { STAFF_ERROR_TEXTS } from './errorTexts.ts';

// Each staff tool loads only with its own screen.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/shellPages.ts).
const StaffLogin = lazy(() => import(/* webpackChunkName: "staff-login" */ './pages/StaffLogin.tsx'));
const StaffDashboard = lazy(
  () => import(/* webpackChunkName: "staff-dashboard" */ './pages/dashboard/StaffDashboard.tsx'),
);
const ChainOfCommand = lazy(() => import(/* webpackChunkName: "chain-of-command" */ './pages/ChainOfCommand.tsx'));
const ManageUsers = lazy(() => import(/* webpackChunkName: "manage-users" */ './pages/ManageUsers.tsx'));
const LiveSupportChat = lazy(
  () => import(/* webpackChunkName: "live-support-chat" */ './pages/liveSupportChat/LiveSupportChat.tsx'),
);
const SupportTickets = lazy(
  () => import(/* webpackChunkName: "support-tickets" */ './pages/supportTickets/SupportTickets.tsx'),
);

const SCREENS: Record<string, ComponentType> = {
  '/staff-login': StaffLogin,
  '/staff-dashboard': StaffDashboard,
  '/chain-of-command': ChainOfCommand,
  '/manage-users': ManageUsers,
  '/support-tickets': SupportTickets,
  '/live-support-chat': LiveSupportChat,
};

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
