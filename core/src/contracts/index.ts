export * from './limits.ts';
export * from './staff.ts';
export * from './support.ts';
