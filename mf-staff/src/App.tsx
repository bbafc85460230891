import { Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import StaffLogin from './pages/StaffLogin.tsx';
import StaffDashboard from './pages/dashboard/StaffDashboard.tsx';
import ChainOfCommand from './pages/ChainOfCommand.tsx';
import ManageUsers from './pages/ManageUsers.tsx';
import LiveSupportChat from './pages/liveSupportChat/LiveSupportChat.tsx';
import SupportTickets from './pages/supportTickets/SupportTickets.tsx';

const SCREENS: Record<string, () => React.JSX.Element | null> = {
  '/staff-login': StaffLogin,
  '/staff-dashboard': StaffDashboard,
  '/chain-of-command': ChainOfCommand,
  '/manage-users': ManageUsers,
  '/support-tickets': SupportTickets,
  '/live-support-chat': LiveSupportChat,
};

export default function StaffApp() {
  return (
    <Routes>
      {AREA_ROUTES.staff.map((path) => {
        const Screen = SCREENS[path];
        return (
          <Route key={path} path={path} element={Screen ? <Screen /> : <ScreenPlaceholder title={path.slice(1)} />} />
        );
      })}
    </Routes>
  );
}
