/** The fixed recent-activity lines of the customer dashboard's Overview (spec 1 section 2.4). */
export const ACTIVITY_COLORS = {
  bot_connected: 'var(--success)',
  verification_setup: 'var(--accent)',
  user_verified: 'var(--violet)',
  server_added: 'var(--warning)',
  bot_update: 'var(--cyan)',
} as const;

export type ActivityType = keyof typeof ACTIVITY_COLORS;

export const RECENT_ACTIVITY: { id: number; type: ActivityType; message: string; time: string }[] = [
  { id: 1, type: 'bot_connected', message: 'GroupFlow Bot connected to Gaming Community', time: '2 minutes ago' },
  { id: 2, type: 'verification_setup', message: 'Verification system set up in Roblox Builders', time: '1 hour ago' },
  { id: 3, type: 'user_verified', message: 'RobloxPlayer123 verified their account', time: '3 hours ago' },
  { id: 4, type: 'server_added', message: 'Bot added to Study Group', time: '1 day ago' },
  { id: 5, type: 'bot_update', message: 'GroupFlow Bot updated to the latest version', time: '2 days ago' },
];

export const BOT_STATUS_CLASS = {
  online: 'cd-badge-green',
  offline: 'cd-badge-red',
  maintenance: 'cd-badge-yellow',
} as const;
