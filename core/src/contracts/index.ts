export * from './limits.ts';
export * from './staff.ts';
export * from './legal.ts';
export * from './support.ts';
export * from './routes.ts';
export * from './validation.ts';
export * from './customer.ts';
export * from './endpoint.ts';
