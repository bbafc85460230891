/** Service identifiers shared by the container modules of every composition root. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Orm: Symbol.for('Orm'),
  Clock: Symbol.for('Clock'),
  DatabaseProbe: Symbol.for('DatabaseProbe'),
  CheckHealth: Symbol.for('CheckHealth'),
  Routers: Symbol.for('Routers'),
  HttpApp: Symbol.for('HttpApp'),
} as const;
