export * from './shared/errors.ts';
export * from './shared/clock.ts';
export * from './diagnostics/checkHealth/checkHealth.ts';
export type { DatabaseProbe } from './diagnostics/checkHealth/DatabaseProbe.ts';
