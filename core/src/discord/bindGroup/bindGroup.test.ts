import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../serverConfigs.ts';
import { InMemoryActivityLog, InMemoryDiscord, makeGuild, setConfig } from '../testing/fakes.ts';
import { NOW, caller } from '../testing/makeBot.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../testing/serverSyncFakes.ts';
import { InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { TriggerServerSync } from '../triggerServerSync/triggerServerSync.ts';
import { BindGroup } from './bindGroup.ts';

const ADMIN = caller('a1', { permissions: ['ManageGuild'] });

/** Guild g1 bound to group 42 with one rank bind. */
function makeSut(config: Partial<ServerConfig> = {}) {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    boundGroupId: '42',
    rankBinds: [{ rankId: 1, roleId: 'r-member' }],
    ...config,
  });
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  const activities = new InMemoryActivityLog();
  const jobs = new RecordingServerSyncJobs();
  const serverSync = new TriggerServerSync({ runs: new InMemoryServerSyncRuns(), jobs, clock: { now: () => NOW } });
  const sut = new BindGroup({ configs, discord, activities, serverSync });
  const bind = (groupId: string, from = ADMIN) => sut.execute({ guildId: 'g1', caller: from, groupId });
  return { bind, configs, activities, jobs };
}

describe('BindGroup', () => {
  it("binds another group: the old group's rank binds go, everyone is synced, and it is recorded", async () => {
    const { bind, configs, activities, jobs } = makeSut();
    await expect(bind(' 99 ')).resolves.toBe(
      'This server is now bound to Roblox group 99. The rank binds of the previous group were removed. Bind its ranks to roles in Configure Server on the GroupFlow dashboard; every verified member then gets the role of their rank, with progress shown there.',
    );
    expect(await configs.get('g1')).toMatchObject({ boundGroupId: '99', rankBinds: [] });
    expect(jobs.enqueued).toEqual(['g1']);
    expect(activities.entries).toEqual([
      {
        type: 'group_bound',
        description: 'Roblox group 99 bound to Test Guild by a1',
        metadata: { guildId: 'g1', groupId: '99', by: 'a1' },
      },
    ]);
  });

  it('keeps the rank binds and starts no sync when the same group is bound again', async () => {
    const { bind, configs, jobs, activities } = makeSut();
    await expect(bind('42')).resolves.not.toContain('removed');
    expect((await configs.get('g1')).rankBinds).toEqual([{ rankId: 1, roleId: 'r-member' }]);
    expect(jobs.enqueued).toEqual([]);
    expect(activities.entries).toHaveLength(1);
  });

  it('says nothing of removed binds when the previous group had none', async () => {
    const { bind } = makeSut({ rankBinds: [] });
    await expect(bind('99')).resolves.not.toContain('removed');
  });

  it('starts no sync while verification is off, though the group changes', async () => {
    const { bind, configs, jobs } = makeSut({ verificationEnabled: false });
    await bind('99');
    expect((await configs.get('g1')).boundGroupId).toBe('99');
    expect(jobs.enqueued).toEqual([]);
  });

  it.each(['9x', '', '-1', '4 2'])('refuses the group id %j: digits only, as the spec says', async (groupId) => {
    const { bind, configs, activities } = makeSut();
    await expect(bind(groupId)).resolves.toBe('Invalid group ID format');
    expect((await configs.get('g1')).boundGroupId).toBe('42');
    expect(activities.entries).toEqual([]);
  });

  it('refuses a member with neither an admin role nor Manage Server; an adminRoles role is enough', async () => {
    const { bind, configs } = makeSut({ adminRoles: ['r-officer'] });
    await expect(bind('99', caller('m1', { permissions: ['KickMembers'] }))).resolves.toBe(
      'You need an admin role of this server or the Manage Server permission to bind a group.',
    );
    expect((await configs.get('g1')).boundGroupId).toBe('42');
    await expect(bind('99', caller('o1', { roleIds: ['r-officer'] }))).resolves.toContain('now bound');
  });

  it('refuses while group binding is turned off for the server', async () => {
    const { bind, configs } = makeSut({ groupBindingEnabled: false });
    await expect(bind('99')).resolves.toBe(
      'Group binding is turned off for this server. An admin can turn it on in the GroupFlow dashboard.',
    );
    expect((await configs.get('g1')).boundGroupId).toBe('42');
  });

  it('answers a guild the bot has left', async () => {
    const { configs, activities } = makeSut();
    const sut = new BindGroup({
      configs,
      discord: new InMemoryDiscord(),
      activities,
      serverSync: { execute: () => Promise.reject(new Error('not called')) },
    });
    await expect(sut.execute({ guildId: 'g1', caller: ADMIN, groupId: '99' })).resolves.toBe(
      'GroupFlow is not in this server any more.',
    );
    expect(activities.entries).toEqual([]);
  });
});
