import { describe, expect, it } from 'vitest';
import type { RoleSyncQueue } from '../ports.ts';
import { setConfig } from '../testing/fakes.ts';
import { InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { MemberJoined } from './memberJoined.ts';

function makeSut() {
  const configs = new InMemoryServerConfigs();
  const queued: { guildId: string; discordUserId: string }[] = [];
  const queue: RoleSyncQueue = {
    enqueue: async (request) => void queued.push(request),
    enqueueForUser: async () => {},
  };
  return { sut: new MemberJoined({ configs, queue }), configs, queued };
}

describe('MemberJoined', () => {
  it('queues a sync only when autoRoleSync is on, and never for bots', async () => {
    const { sut, configs, queued } = makeSut();
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1', isBot: false })).resolves.toBe(false);
    setConfig(configs, 'g1', { autoRoleSync: true });
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'b1', isBot: true })).resolves.toBe(false);
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1', isBot: false })).resolves.toBe(true);
    expect(queued).toEqual([{ guildId: 'g1', discordUserId: 'u1' }]);
  });
});
