/**
 * @deprecated Keys come from the endpoint: `endpointKey(API.area.name, args)` (kit endpointQuery.ts). Left for
 * mf-customer until it moves to the endpoint hooks.
 *
 * Every query key of the remotes, one factory per area, so an invalidation names the same key the query uses.
 * Keys are arrays starting with the area and the resource: invalidating `queryKeys.support.all` reaches every
 * support query, `queryKeys.support.tickets()` every ticket list whatever its filters.
 */
export const queryKeys = {
  customer: {
    all: ['customer'] as const,
    user: () => ['customer', 'user'] as const,
    profile: () => ['customer', 'profile'] as const,
    bots: () => ['customer', 'bots'] as const,
    servers: () => ['customer', 'servers'] as const,
    dashboard: () => ['customer', 'dashboard'] as const,
  },
  staff: {
    all: ['staff'] as const,
    session: (token: string | null) => ['staff', 'session', token] as const,
    members: () => ['staff', 'members'] as const,
    activities: (limit?: number) => ['staff', 'activities', ...(limit === undefined ? [] : [limit])] as const,
    maintenance: () => ['staff', 'maintenance'] as const,
    settings: () => ['staff', 'settings'] as const,
  },
  system: {
    all: ['system'] as const,
    health: () => ['system', 'health'] as const,
  },
  support: {
    all: ['support'] as const,
    tickets: (filters?: Record<string, unknown>) => ['support', 'tickets', ...(filters ? [filters] : [])] as const,
    messages: (ticketId: number | null) => ['support', 'messages', ticketId] as const,
    chat: (ticketId: string, key: string) => ['support', 'chat', ticketId, key] as const,
    analytics: () => ['support', 'analytics'] as const,
  },
  diagnostics: {
    all: ['diagnostics'] as const,
    status: () => ['diagnostics', 'status'] as const,
  },
  legal: {
    all: ['legal'] as const,
    summary: () => ['legal', 'summary'] as const,
    records: (kind?: string) => ['legal', 'records', ...(kind === undefined ? [] : [kind])] as const,
    record: (kind: string, id: number) => ['legal', 'record', kind, id] as const,
  },
} as const;
