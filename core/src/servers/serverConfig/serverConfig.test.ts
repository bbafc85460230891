import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../discord/serverConfigs.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../../discord/testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import { GetServerConfig, SaveServerConfig } from './serverConfig.ts';

function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10'), makeGuild('11', MEMBER)]);
  const jobs = new RecordingServerSyncJobs();
  const trigger = new TriggerServerSync({ runs: new InMemoryServerSyncRuns(), jobs, clock: world.clock });
  return {
    world,
    jobs,
    get: new GetServerConfig(world.customers, world.guilds, world.configs),
    save: new SaveServerConfig(world.customers, world.guilds, world.configs, trigger),
  };
}

describe('server configuration', () => {
  it('answers the defaults, then what a manager saved', async () => {
    const { get, save } = makeSut();
    expect(await get.execute(1, '10')).toEqual(DEFAULT_SERVER_CONFIG);
    const saved = await save.execute(1, '10', { ...DEFAULT_SERVER_CONFIG, adminRoles: ['Admins'], boundGroupId: '42' });
    expect(saved).toMatchObject({ adminRoles: ['Admins'], boundGroupId: '42' });
    expect(await get.execute(1, '10')).toEqual(saved);
  });

  it('refuses a member who does not manage the guild, a stranger to it, and a visitor, writing nothing', async () => {
    const { world, get, save } = makeSut();
    await expect(get.execute(1, '11')).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '11', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '99', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(undefined, '10', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Unauthenticated);
    expect(world.configs.stored.size).toBe(0);
  });

  it('starts a server-wide sync when what roles or nicknames follow changes, and not for other settings', async () => {
    const { save, jobs } = makeSut();
    await save.execute(1, '10', { adminRoles: ['Admins'], moderationEnabled: false });
    expect(jobs.enqueued).toEqual([]);
    await save.execute(1, '10', { boundGroupId: '42' });
    await save.execute(1, '10', { nicknameFormat: '{display-name}' });
    await save.execute(1, '10', { nicknameFormat: '{display-name}', logChannel: 'logs' });
    expect(jobs.enqueued).toEqual(['10', '10']);
    // With verification off there is nothing to bring members in line with.
    await save.execute(1, '10', { verificationEnabled: false, verificationRoleId: '123' });
    expect(jobs.enqueued).toEqual(['10', '10']);
  });
});
