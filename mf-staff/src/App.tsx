import { lazyScreen, remoteApp } from '@groupflow/shell-kit';
import { STAFF_ERROR_TEXTS } from './errorTexts.ts';

// Each staff tool loads only with its own screen.
// A screen's chunk is named after its route (the first, for a screen with several): the page the server sends for
// that route preloads it (chunk-groups.json, adapters/src/http/renderPage.ts).
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

/** Every staff screen of the route table. */
const app = remoteApp({
  area: 'staff',
  screens: {
    '/staff-login': StaffLogin,
    '/staff-dashboard': StaffDashboard,
    '/chain-of-command': ChainOfCommand,
    '/manage-users': ManageUsers,
    '/support-tickets': SupportTickets,
    '/live-support-chat': LiveSupportChat,
  },
  errorTexts: STAFF_ERROR_TEXTS,
});

export default app.default;
/** Loads the screen of `pathname` before the shell first draws it (RemoteAppModule). */
export const preload = app.preload;
