import { describe, expect, it } from 'vitest';
import { activityLuauScript, activityReportSchema, toFieldIssues } from './index.ts';

describe('activity reports (issue 23)', () => {
  it('the game script stamps every report with a new eventId and the time it is sent', () => {
    const script = activityLuauScript('https://groupflow.example/api/roblox/groups/7/activity/sessions', 'gfa_key');
    const send = script.slice(script.indexOf('local function send(body)'), script.indexOf('Players.PlayerAdded'));
    expect(send).toContain('body.eventId = HttpService:GenerateGUID(false)');
    expect(send).toContain('body.sentAt = DateTime.now():ToIsoDate()');
    expect(script).toContain('local ACTIVITY_KEY = "gfa_key"');
  });

  it('takes single and bulk reports with their stamp, and names a missing stamp', () => {
    const stamp = { eventId: 'a1b2', sentAt: '2026-11-26T14:00:00Z' };
    expect(activityReportSchema.parse({ ...stamp, userId: 5, event: 'start', sessionId: 's' })).toMatchObject({
      ...stamp,
      userId: '5',
    });
    expect(
      activityReportSchema.parse({ ...stamp, events: [{ userId: 5, event: 'end', sessionId: 's' }] }),
    ).toMatchObject({ ...stamp, events: [{ userId: '5' }] });
    const missing = activityReportSchema.safeParse({ userId: 5, event: 'start', sessionId: 's' });
    expect(missing.success).toBe(false);
    expect(toFieldIssues(missing.error!).map((issue) => issue.path[0])).toEqual(
      expect.arrayContaining(['eventId', 'sentAt']),
    );
    expect(
      activityReportSchema.safeParse({ ...stamp, sentAt: 'yesterday', userId: 5, event: 'start', sessionId: 's' })
        .success,
    ).toBe(false);
  });
});
