/** GET /api/bots item (spec 1 section 3): the bot in one of the customer's servers; the preview uses samples. */
export interface Bot {
  id: number | string;
  name: string;
  status: 'online' | 'offline' | 'maintenance';
  createdAt: string;
  /** The server this installation is in (live data only). */
  serverName?: string | null;
}

/** GET /api/servers item (spec 1 section 3, customer dashboard). */
export interface Server {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
  botConnected: boolean;
}
