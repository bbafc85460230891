import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES } from '@groupflow/core/contracts';
import LandingPage from './pages/LandingPage.tsx';
import AuthSuccess from './pages/AuthSuccess.tsx';
import AuthCallback from './pages/AuthCallback.tsx';
import CustomerDashboard from './pages/customerDashboard/CustomerDashboard.tsx';
import Dashboard from './pages/dashboard/Dashboard.tsx';
import Settings from './pages/Settings.tsx';
import DashboardPreview from './pages/customerDashboard/DashboardPreview.tsx';
import GroupManagementPreview from './pages/groupPreview/GroupManagementPreview.tsx';
import RobloxLogin from './pages/RobloxLogin.tsx';
import SupportChat from './pages/supportChat/SupportChat.tsx';
import SupportPage from './pages/support/SupportPage.tsx';
import TestEmail from './pages/testEmail/TestEmail.tsx';
import MyServers from './pages/servers/MyServers.tsx';
import AddToServer from './pages/servers/AddToServer.tsx';
import SetupVerification from './pages/servers/SetupVerification.tsx';
import UserVerification from './pages/servers/UserVerification.tsx';

/** Screens that have shipped; every other path of the route table shows the placeholder. */
const SCREENS: Record<string, ComponentType> = {
  '/': LandingPage,
  '/dashboard': Dashboard,
  '/dashboard-safe': Dashboard,
  '/dashboard-original': Dashboard,
  '/customer-dashboard': CustomerDashboard,
  '/auth-success': AuthSuccess,
  '/auth/callback': AuthCallback,
  '/auth-callback': AuthCallback,
  '/settings': Settings,
  '/dashboard-preview': DashboardPreview,
  '/group-management-preview': GroupManagementPreview,
  '/roblox-login': RobloxLogin,
  '/support-chat': SupportChat,
  '/support': SupportPage,
  '/test-email': TestEmail,
  '/servers': MyServers,
  '/add-to-server': AddToServer,
  '/setup-verification': SetupVerification,
  '/verification': UserVerification,
};

/** Every customer screen of the route table; the shell only mounts this for paths it owns. */
export default function CustomerApp() {
  return (
    <Routes>
      {AREA_ROUTES.customer.map((path) => {
        const Screen = SCREENS[path];
        return <Route key={path} path={path} element={Screen ? <Screen /> : <ScreenPlaceholder title={path.slice(1)} />} />;
      })}
    </Routes>
  );
}
