export type * from './ports.ts';
export * from './botState.ts';
export * from './serverConfigs.ts';
