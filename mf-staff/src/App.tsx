import { Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import StaffLogin from './pages/StaffLogin.tsx';
import LiveSupportChat from './pages/liveSupportChat/LiveSupportChat.tsx';

export default function StaffApp() {
  return (
    <Routes>
      <Route path="/staff-login" element={<StaffLogin />} />
      <Route path="/live-support-chat" element={<LiveSupportChat />} />
      {AREA_ROUTES.staff
        .filter((path) => path !== '/staff-login' && path !== '/live-support-chat')
        .map((path) => (
          <Route key={path} path={path} element={<ScreenPlaceholder title={path.slice(1)} />} />
        ))}
    </Routes>
  );
}
