/** GET /api/bots item (spec 1 section 3). */
export interface Bot {
  id: number;
  name: string;
  status: 'online' | 'offline' | 'maintenance';
  createdAt: string;
}

/** GET /api/servers item (spec 1 section 3, customer dashboard). */
export interface Server {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
  botConnected: boolean;
}
