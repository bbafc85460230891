/** Service identifiers shared by the container modules of every composition root. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Orm: Symbol.for('Orm'),
  Clock: Symbol.for('Clock'),
  DatabaseProbe: Symbol.for('DatabaseProbe'),
  CheckHealth: Symbol.for('CheckHealth'),
  GetSystemStatus: Symbol.for('GetSystemStatus'),
  /** Middleware answered before logging, sessions and the request context (adapters/http/createHttpApp). */
  FastRoutes: Symbol.for('FastRoutes'),
  Routers: Symbol.for('Routers'),
  /** Bound by the staff module; other areas' routers give it to their guard table (adapters/http/route.ts). */
  AuthenticateStaff: Symbol.for('AuthenticateStaff'),
  HttpApp: Symbol.for('HttpApp'),
  Mailer: Symbol.for('Mailer'),
  Transaction: Symbol.for('Transaction'),
  /** Bound by the staff module; every area records its staff-side changes here. */
  StaffActivityLog: Symbol.for('StaffActivityLog'),
} as const;
