import { lazyScreen, remoteApp } from '@groupflow/shell-kit';
import { withAppLayoutIfSignedIn } from './shared/AppSidebar.tsx';
import { SignedOutWatch } from './shared/SignedOutWatch.tsx';
import { CUSTOMER_ERROR_TEXTS } from './errorTexts.ts';

// Every screen loads with its route (the landing page is the shell's own, SHELL_PATHS), so a page carries none of
// the other screens' code (nor the kit's Radix, form or chat modules they use).
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/renderPage.ts).
const AuthSuccess = lazyScreen(() => import(/* webpackChunkName: "auth-success" */ './pages/AuthSuccess.tsx'));
const AuthCallback = lazyScreen(() => import(/* webpackChunkName: "auth-callback" */ './pages/AuthCallback.tsx'));
const CustomerDashboard = lazyScreen(
  () => import(/* webpackChunkName: "customer-dashboard" */ './pages/customerDashboard/CustomerDashboard.tsx'),
);
const Dashboard = lazyScreen(() => import(/* webpackChunkName: "dashboard" */ './pages/dashboard/Dashboard.tsx'));
const Settings = lazyScreen(() => import(/* webpackChunkName: "settings" */ './pages/Settings.tsx'));
const DashboardPreview = lazyScreen(
  () => import(/* webpackChunkName: "dashboard-preview" */ './pages/customerDashboard/DashboardPreview.tsx'),
);
const GroupManagementPreview = lazyScreen(
  () => import(/* webpackChunkName: "group-management-preview" */ './pages/groupPreview/GroupManagementPreview.tsx'),
);
const RobloxLogin = lazyScreen(() => import(/* webpackChunkName: "roblox-login" */ './pages/RobloxLogin.tsx'));
const SupportChat = lazyScreen(
  () => import(/* webpackChunkName: "support-chat" */ './pages/supportChat/SupportChat.tsx'),
);
const SupportPage = lazyScreen(() => import(/* webpackChunkName: "support" */ './pages/support/SupportPage.tsx'));
const TestEmail = lazyScreen(() => import(/* webpackChunkName: "test-email" */ './pages/testEmail/TestEmail.tsx'));
const StatusPage = lazyScreen(() => import(/* webpackChunkName: "status" */ './pages/status/StatusPage.tsx'));
const VerifyPage = lazyScreen(() => import(/* webpackChunkName: "verify" */ './pages/roblox/VerifyPage.tsx'));
const GroupWorkspace = lazyScreen(
  () => import(/* webpackChunkName: "group-workspace" */ './pages/roblox/workspace/GroupWorkspace.tsx'),
);
const GroupManagement = lazyScreen(
  () => import(/* webpackChunkName: "group-management" */ './pages/roblox/groups/GroupManagement.tsx'),
);
const AddGroup = lazyScreen(() => import(/* webpackChunkName: "add-group" */ './pages/roblox/AddGroup.tsx'));
const GroupDemo = lazyScreen(() => import(/* webpackChunkName: "group-demo" */ './pages/roblox/GroupDemo.tsx'));
const MyServers = lazyScreen(() => import(/* webpackChunkName: "servers" */ './pages/servers/MyServers.tsx'));
const AddToServer = lazyScreen(() => import(/* webpackChunkName: "add-to-server" */ './pages/servers/AddToServer.tsx'));
const SetupVerification = lazyScreen(
  () => import(/* webpackChunkName: "setup-verification" */ './pages/servers/SetupVerification.tsx'),
);
const UserVerification = lazyScreen(
  () => import(/* webpackChunkName: "verification" */ './pages/servers/UserVerification.tsx'),
);

/**
 * Every customer screen of the route table (the shell draws '/' itself). Pages a visitor may open signed out that
 * draw no layout of their own go withAppLayoutIfSignedIn: a signed-in customer sees them inside the app layout (spec
 * 1 section 2.5's sidebar), so every customer page stays one click from every other. The groups page lays out its
 * lists itself: with `?group=` it is the group workspace, which has its own sidebar.
 */
const app = remoteApp({
  area: 'customer',
  screens: {
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
    '/roblox-login': withAppLayoutIfSignedIn(RobloxLogin),
    '/support-chat': SupportChat,
    '/support': withAppLayoutIfSignedIn(SupportPage),
    '/test-email': TestEmail,
    '/status': StatusPage,
    '/verify': withAppLayoutIfSignedIn(VerifyPage),
    '/group-workspace': GroupWorkspace,
    '/workspace': GroupWorkspace,
    '/group-management': GroupManagement,
    '/add-group': withAppLayoutIfSignedIn(AddGroup),
    '/group-demo': GroupDemo,
    '/servers': MyServers,
    '/add-to-server': AddToServer,
    '/setup-verification': SetupVerification,
    '/verification': UserVerification,
  },
  errorTexts: CUSTOMER_ERROR_TEXTS,
  alongside: <SignedOutWatch />,
});

export default app.default;
/** Loads the screen of `pathname` before the shell first draws it (RemoteAppModule). */
export const preload = app.preload;
