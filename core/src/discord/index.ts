export type * from './ports.ts';
export * from './botPorts.ts';
export * from './nickname.ts';
export * from './authority.ts';
export * from './syncMemberRoles/syncMemberRoles.ts';
export * from './moderateMember/moderateMember.ts';
export * from './bindGroup/bindGroup.ts';
export * from './announce/announce.ts';
export * from './handleCommand/handleCommand.ts';
