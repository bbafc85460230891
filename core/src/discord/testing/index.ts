/** In-memory fakes of the bot's ports, for tests in core and for adapter tests that fake everything but Discord. */
export * from './fakes.ts';
export * from './makeBot.ts';
export * from './stateFakes.ts';
export * from './serverSyncFakes.ts';
