import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { LoadingState, ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';

// Each staff tool loads only with its own screen.
const StaffLogin = lazy(() => import('./pages/StaffLogin.tsx'));
const StaffDashboard = lazy(() => import('./pages/dashboard/StaffDashboard.tsx'));
const ChainOfCommand = lazy(() => import('./pages/ChainOfCommand.tsx'));
const ManageUsers = lazy(() => import('./pages/ManageUsers.tsx'));
const LiveSupportChat = lazy(() => import('./pages/liveSupportChat/LiveSupportChat.tsx'));
const SupportTickets = lazy(() => import('./pages/supportTickets/SupportTickets.tsx'));

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
    <Suspense fallback={<LoadingState />}>
      <Routes>
        {AREA_ROUTES.staff.map((path) => {
          const Screen = SCREENS[path];
          return (
            <Route key={path} path={path} element={Screen ? <Screen /> : <ScreenPlaceholder title={path.slice(1)} />} />
          );
        })}
      </Routes>
    </Suspense>
  );
}
