/** Fixed sample values of the main dashboard (spec 1 sections 2.3 and 9). */
export interface VerifiedAccount {
  id: string;
  username: string;
  displayName: string;
  userId: number;
  verified: boolean;
  addedAt: string;
}

export const SAMPLE_ACCOUNT: VerifiedAccount = {
  id: '1',
  username: 'RobloxPlayer123',
  displayName: 'Roblox Player',
  userId: 123456789,
  verified: true,
  addedAt: '2025-07-14T00:00:00.000Z',
};

export const FIXED_ACTIVE_GROUPS = 3;
export const FIXED_VERIFICATION_RATE = '100%';

export const SERVER_STATS = [
  { label: 'Total Servers', value: '2' },
  { label: 'Total Members', value: '1,289' },
  { label: 'Commands Used', value: '179' },
  { label: 'Uptime', value: '99.9%' },
] as const;

export interface DashboardServer {
  id: string;
  name: string;
  memberCount: number;
  status: string;
  lastActivity: string;
  botStatus: 'connected' | 'disconnected';
  commands: number;
}

export const SAMPLE_SERVERS: DashboardServer[] = [
  {
    id: '1',
    name: 'Gaming Community',
    memberCount: 1247,
    status: 'active',
    lastActivity: '2 minutes ago',
    botStatus: 'connected',
    commands: 156,
  },
  {
    id: '2',
    name: 'Study Group',
    memberCount: 42,
    status: 'active',
    lastActivity: '1 hour ago',
    botStatus: 'disconnected',
    commands: 23,
  },
];

export const PLANS = [
  {
    name: 'Free',
    price: '$0',
    features: ['Basic bot features', 'Up to 1 server', 'Community support'],
    current: true,
    popular: false,
  },
  {
    name: 'Pro',
    price: '$10',
    features: ['Advanced features', 'Up to 10 servers', 'Priority support', 'Custom commands'],
    current: false,
    popular: true,
  },
  {
    name: 'Enterprise',
    price: '$20',
    features: ['All features', 'Unlimited servers', '24/7 support', 'Custom branding'],
    current: false,
    popular: false,
  },
] as const;
