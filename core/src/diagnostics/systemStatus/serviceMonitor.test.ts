import { describe, expect, it } from 'vitest';
import type { Incident, IncidentStore, RequestFigures, ServiceCheck, ServiceCheckResult } from './ports.ts';
import { ServiceMonitor } from './serviceMonitor.ts';
import { GetSystemStatus } from '../getSystemStatus/getSystemStatus.ts';
import { ApiServiceCheck } from './coreChecks.ts';

class ScriptedCheck implements ServiceCheck {
  result: ServiceCheckResult | 'hang' | Error = { status: 'operational', responseTimeMs: 12, detail: null };
  readonly name: string;
  readonly critical: boolean;
  readonly description: string;
  constructor(name: string, critical = false) {
    this.name = name;
    this.critical = critical;
    this.description = `${name} service`;
  }
  async check(): Promise<ServiceCheckResult> {
    if (this.result === 'hang') return new Promise(() => undefined);
    if (this.result instanceof Error) throw this.result;
    return this.result;
  }
}

class InMemoryIncidentStore implements IncidentStore {
  readonly rows = new Map<string, Incident>();
  failing = false;
  async save(incident: Incident): Promise<void> {
    if (this.failing) throw new Error('database down');
    this.rows.set(incident.id, structuredClone(incident));
  }
  async unresolved(): Promise<Incident[]> {
    if (this.failing) throw new Error('database down');
    return [...this.rows.values()].filter((i) => i.status !== 'completed').map((i) => structuredClone(i));
  }
  async recent(limit: number): Promise<Incident[]> {
    if (this.failing) throw new Error('database down');
    return [...this.rows.values()].sort((a, b) => b.startTime.getTime() - a.startTime.getTime()).slice(0, limit);
  }
}

const down = (detail: string): ServiceCheckResult => ({ status: 'down', responseTimeMs: null, detail });
const up: ServiceCheckResult = { status: 'operational', responseTimeMs: 5, detail: null };

const makeSut = (store = new InMemoryIncidentStore()) => {
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = { now: () => now };
  const database = new ScriptedCheck('Database', true);
  const roblox = new ScriptedCheck('Roblox APIs');
  let ids = 0;
  const figures: RequestFigures = { totalRequests: 10, successRate: 100, avgResponseTime: 4.5, windowSeconds: 3600 };
  const metrics = { figures: () => figures };
  const sut = new ServiceMonitor({
    checks: [new ApiServiceCheck(metrics, 95), database, roblox],
    store,
    bots: { counts: async () => ({ activeBots: 1, totalBots: 3 }) },
    botUptime: { figures: async () => ({ last24h: 99.5, last30d: 97.25 }) },
    users: { count: async () => 7 },
    clock,
    newId: () => `incident-${++ids}`,
    settings: { intervalMs: 1000, checkTimeoutMs: 20, incidentsShown: 10 },
  });
  const status = new GetSystemStatus(sut, metrics, clock);
  return {
    sut,
    status,
    store,
    database,
    roblox,
    figures,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
};

describe('ServiceMonitor and GetSystemStatus', () => {
  it('reports every service, the counts and operational overall when all checks pass', async () => {
    const { sut, status } = makeSut();
    await sut.runRound();
    const answer = status.execute();
    expect(answer.overall).toBe('operational');
    expect(answer.services.map((s) => [s.name, s.status])).toEqual([
      ['API', 'operational'],
      ['Database', 'operational'],
      ['Roblox APIs', 'operational'],
    ]);
    expect(answer.services[0]!.responseTime).toBe(4.5);
    expect(answer.metrics).toMatchObject({
      totalRequests: 10,
      successRate: 100,
      activeBots: 1,
      totalBots: 3,
      connectedUsers: 7,
    });
    expect(answer.uptime).toBe(100);
    expect(answer.botUptime).toEqual({ last24h: 99.5, last30d: 97.25 });
    expect(answer.incidents).toEqual([]);
  });

  it('answers unknown and no uptime before the first round', () => {
    const { status } = makeSut();
    const answer = status.execute();
    expect(answer.services.every((s) => s.status === 'unknown' && s.uptime === null)).toBe(true);
    expect(answer.uptime).toBeNull();
    expect(answer.botUptime).toBeNull();
    expect(answer.metrics.totalBots).toBeNull();
  });

  it('opens one incident when a service goes down, updates it on change and completes it when back', async () => {
    const { sut, status, store, roblox, advance } = makeSut();
    await sut.runRound();
    roblox.result = down('unreachable (ECONNREFUSED)');
    advance(1000);
    await sut.runRound();
    advance(1000);
    await sut.runRound();
    roblox.result = { status: 'degraded', responseTimeMs: 900, detail: 'Roblox answered 500' };
    advance(1000);
    await sut.runRound();
    expect(store.rows.size).toBe(1);
    const open = [...store.rows.values()][0]!;
    expect(open).toMatchObject({
      service: 'Roblox APIs',
      title: 'Roblox APIs outage',
      severity: 'major',
      status: 'investigating',
    });
    expect(open.updates.map((u) => u.message)).toEqual([
      'Roblox APIs is down: unreachable (ECONNREFUSED)',
      'Roblox APIs is degraded: Roblox answered 500',
    ]);
    expect(status.execute().overall).toBe('degraded');

    roblox.result = up;
    advance(1000);
    await sut.runRound();
    const closed = store.rows.get(open.id)!;
    expect(closed.status).toBe('completed');
    expect(closed.endTime).toEqual(new Date('2026-01-01T00:00:04Z'));
    expect(closed.updates.at(-1)!.message).toBe('Roblox APIs is operational again');
    expect(status.execute().incidents.map((i) => [i.id, i.status])).toEqual([[open.id, 'completed']]);
    expect(status.execute().services[2]!.uptime).toBe(60);
  });

  it('counts a critical service down as the platform down, and a hanging check as down after the time limit', async () => {
    const { sut, status, database } = makeSut();
    database.result = 'hang';
    await sut.runRound();
    const answer = status.execute();
    expect(answer.overall).toBe('down');
    expect(answer.services[1]).toMatchObject({ status: 'down', detail: 'no answer within 20 ms' });
    expect(answer.incidents[0]).toMatchObject({ title: 'Database outage', severity: 'critical' });
    expect(answer.uptime).toBe(0);
  });

  it('keeps an incident the store cannot take in memory, shows it, and saves it once the store answers', async () => {
    const { sut, status, store, database, advance } = makeSut();
    await sut.runRound();
    store.failing = true;
    database.result = down('connect ECONNREFUSED');
    advance(1000);
    await sut.runRound();
    expect(status.execute().incidents.map((i) => i.title)).toEqual(['Database outage']);
    database.result = up;
    advance(5000);
    await sut.runRound();
    expect(store.rows.size).toBe(0);
    store.failing = false;
    await sut.runRound();
    const saved = [...store.rows.values()];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      status: 'completed',
      startTime: new Date('2026-01-01T00:00:01Z'),
      endTime: new Date('2026-01-01T00:00:06Z'),
    });
  });

  it('continues an incident a previous run left open instead of opening a second one', async () => {
    const store = new InMemoryIncidentStore();
    const first = makeSut(store);
    first.roblox.result = down('unreachable');
    await first.sut.runRound();
    const second = makeSut(store);
    second.roblox.result = down('unreachable');
    await second.sut.runRound();
    second.roblox.result = up;
    await second.sut.runRound();
    expect([...store.rows.values()].map((i) => i.status)).toEqual(['completed']);
  });

  it('takes a result observed between rounds (the health probe) at once', async () => {
    const { sut, status, store } = makeSut();
    await sut.runRound();
    await sut.observe('Database', down('connect ECONNREFUSED'));
    expect(status.execute().services[1]!.status).toBe('down');
    expect([...store.rows.values()].map((i) => i.title)).toEqual(['Database outage']);
  });

  it('reports the API degraded when too few requests succeed', async () => {
    const { sut, status, figures } = makeSut();
    figures.successRate = 80;
    await sut.runRound();
    expect(status.execute().services[0]).toMatchObject({
      status: 'degraded',
      detail: 'only 80.0% of requests succeeded',
    });
  });
});
