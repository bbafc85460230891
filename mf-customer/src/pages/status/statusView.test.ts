import { describe, expect, it } from 'vitest';
import { botUptimeText, shownFigures, shownStatus } from './statusView.ts';

describe('status page figures', () => {
  it('shows the spec defaults when the server has no figure', () => {
    expect(shownFigures(undefined)).toMatchObject({ uptime: 99.97, successRate: 99.97, avgResponseTime: 156 });
    expect(
      shownFigures({
        uptime: null,
        metrics: {
          totalRequests: 0,
          successRate: null,
          avgResponseTime: null,
          windowSeconds: 60,
          activeBots: null,
          totalBots: 2,
          connectedUsers: null,
        },
      }),
    ).toMatchObject({ uptime: 99.97, successRate: 99.97, avgResponseTime: 156, totalBots: 2, activeBots: 0 });
  });

  it('shows the measured figures when there are some', () => {
    expect(
      shownFigures({
        uptime: 98.5,
        metrics: {
          totalRequests: 9,
          successRate: 88.89,
          avgResponseTime: 3.2,
          windowSeconds: 60,
          activeBots: 1,
          totalBots: 2,
          connectedUsers: 4,
        },
      }),
    ).toEqual({
      uptime: 98.5,
      successRate: 88.89,
      avgResponseTime: 3.2,
      totalRequests: 9,
      activeBots: 1,
      totalBots: 2,
      connectedUsers: 4,
    });
  });

  it('has no bot count to show while no bot is registered', () => {
    expect(shownFigures(undefined).totalBots).toBeNull();
    const metrics = { totalRequests: 0, successRate: null, avgResponseTime: null, windowSeconds: 60 };
    expect(
      shownFigures({ metrics: { ...metrics, activeBots: 0, totalBots: 0, connectedUsers: null } }).totalBots,
    ).toBeNull();
  });

  it('shows anything but operational, degraded and down as unknown', () => {
    expect(['operational', 'degraded', 'down', 'unknown', 'maintenance', undefined].map(shownStatus)).toEqual([
      'operational',
      'degraded',
      'down',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });
});

describe('botUptimeText', () => {
  it('shows the percent from the heartbeats, and a dash without a heartbeat in the window', () => {
    expect(botUptimeText(99.31)).toBe('99.31%');
    expect(botUptimeText(0)).toBe('0%');
    expect(botUptimeText(null)).toBe('—');
  });
});
