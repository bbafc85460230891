import { Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import StaffLogin from './pages/StaffLogin.tsx';
import LiveSupportChat from './pages/liveSupportChat/LiveSupportChat.tsx';
import SupportTickets from './pages/supportTickets/SupportTickets.tsx';

export default function StaffApp() {
  return (
    <Routes>
      <Route path="/staff-login" element={<StaffLogin />} />
      <Route path="/live-support-chat" element={<LiveSupportChat />} />
      <Route path="/support-tickets" element={<SupportTickets />} />
      {AREA_ROUTES.staff
        .filter((path) => !['/staff-login', '/live-support-chat', '/support-tickets'].includes(path))
        .map((path) => (
          <Route key={path} path={path} element={<ScreenPlaceholder title={path.slice(1)} />} />
        ))}
    </Routes>
  );
}
