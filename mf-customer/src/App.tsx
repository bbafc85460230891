import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@groupflow/shell-kit/router';
import { LoadingState, ScreenPlaceholder } from '@groupflow/shell-kit';
import { AREA_ROUTES, SHELL_PATHS } from '@groupflow/core/contracts';
import { FrameIfSignedIn } from './shared/AppSidebar.tsx';

// Every screen loads with its route (the landing page is the shell's own, SHELL_PATHS), so a page carries none of
// the other screens' code (nor the kit's Radix, form or chat modules they use).
const AuthSuccess = lazy(() => import('./pages/AuthSuccess.tsx'));
const AuthCallback = lazy(() => import('./pages/AuthCallback.tsx'));
const CustomerDashboard = lazy(() => import('./pages/customerDashboard/CustomerDashboard.tsx'));
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard.tsx'));
const Settings = lazy(() => import('./pages/Settings.tsx'));
const DashboardPreview = lazy(() => import('./pages/customerDashboard/DashboardPreview.tsx'));
const GroupManagementPreview = lazy(() => import('./pages/groupPreview/GroupManagementPreview.tsx'));
const RobloxLogin = lazy(() => import('./pages/RobloxLogin.tsx'));
const SupportChat = lazy(() => import('./pages/supportChat/SupportChat.tsx'));
const SupportPage = lazy(() => import('./pages/support/SupportPage.tsx'));
const TestEmail = lazy(() => import('./pages/testEmail/TestEmail.tsx'));
const StatusPage = lazy(() => import('./pages/status/StatusPage.tsx'));
const VerifyPage = lazy(() => import('./pages/roblox/VerifyPage.tsx'));
const GroupWorkspace = lazy(() => import('./pages/roblox/GroupWorkspace.tsx'));
const GroupManagement = lazy(() => import('./pages/roblox/GroupManagement.tsx'));
const AddGroup = lazy(() => import('./pages/roblox/AddGroup.tsx'));
const GroupDemo = lazy(() => import('./pages/roblox/GroupDemo.tsx'));
const MyServers = lazy(() => import('./pages/servers/MyServers.tsx'));
const AddToServer = lazy(() => import('./pages/servers/AddToServer.tsx'));
const SetupVerification = lazy(() => import('./pages/servers/SetupVerification.tsx'));
const UserVerification = lazy(() => import('./pages/servers/UserVerification.tsx'));

/** Screens that have shipped; every other path of the route table shows the placeholder. */
const SCREENS: Record<string, ComponentType> = {
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
  '/status': StatusPage,
  '/verify': VerifyPage,
  '/group-workspace': GroupWorkspace,
  '/workspace': GroupWorkspace,
  '/group-management': GroupManagement,
  '/add-group': AddGroup,
  '/group-demo': GroupDemo,
  '/servers': MyServers,
  '/add-to-server': AddToServer,
  '/setup-verification': SetupVerification,
  '/verification': UserVerification,
};

/**
 * Pages a visitor may open signed out that draw no frame of their own: a signed-in customer sees them inside the app
 * frame (spec 1 section 2.5's sidebar), so every customer page stays one click from every other.
 */
const FRAMED_WHEN_SIGNED_IN = new Set(['/group-management', '/add-group', '/roblox-login', '/support', '/verify']);

/** Every customer screen of the route table; the shell only mounts this for paths it owns. */
export default function CustomerApp() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        {AREA_ROUTES.customer
          .filter((path) => !(SHELL_PATHS as readonly string[]).includes(path))
          .map((path) => {
            const Screen = SCREENS[path];
            return (
              <Route
                key={path}
                path={path}
                element={
                  !Screen ? (
                    <ScreenPlaceholder title={path.slice(1)} />
                  ) : FRAMED_WHEN_SIGNED_IN.has(path) ? (
                    <FrameIfSignedIn>
                      <Screen />
                    </FrameIfSignedIn>
                  ) : (
                    <Screen />
                  )
                }
              />
            );
          })}
      </Routes>
    </Suspense>
  );
}
