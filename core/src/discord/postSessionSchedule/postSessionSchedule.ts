import type { GroupSessions, ScheduledSession } from '../../roblox/workspacePorts.ts';
import type { SessionChannels, SessionPostJob, SessionPostKind } from '../../roblox/sessionNoticePorts.ts';
import { stillDue } from '../../roblox/remindSession/remindSession.ts';
import { DiscordRefused, type DiscordGuilds } from '../botPorts.ts';

const LEADS: Record<SessionPostKind, string> = {
  scheduled: 'New session',
  updated: 'Session updated',
  reminder: 'Reminder',
};

/**
 * The post's text. Discord's timestamp markup shows the start in each reader's own time zone and counts down to it;
 * the bot posts with mentions off, so a title cannot ping anyone.
 */
export function sessionPostText(session: ScheduledSession, post: SessionPostKind): string {
  const unix = Math.floor(session.startsAt.getTime() / 1000);
  const when = post === 'reminder' ? `starts <t:${unix}:R>` : `<t:${unix}:F> (<t:${unix}:R>)`;
  const seats = [
    `Host: ${session.host?.username ?? 'open'}`,
    ...(session.coHost ? [`co-host: ${session.coHost.username}`] : []),
  ].join(', ');
  const open = Math.max(0, session.slots - session.signups.length);
  return `**${LEADS[post]}: ${session.title}** (${session.type}) ${when}, ${session.durationMinutes} minutes. ${seats}. ${open} of ${session.slots} slots open.`;
}

export interface SessionPostOutcome {
  posted: string[];
  /** Channels Discord refused (gone, or the bot may not send there). */
  refused: { channelId: string; reason: string }[];
}

/**
 * The bot's side of a session post job: the session as it is now, posted to the sessions channel of every server
 * bound to its group. A session gone, cancelled or moved since the job was queued is not posted (null); a channel
 * Discord refuses is reported and the others still get the post.
 */
export class PostSessionSchedule {
  readonly #sessions: Pick<GroupSessions, 'find'>;
  readonly #channels: SessionChannels;
  readonly #discord: Pick<DiscordGuilds, 'sendMessage'>;

  constructor(deps: {
    sessions: Pick<GroupSessions, 'find'>;
    channels: SessionChannels;
    discord: Pick<DiscordGuilds, 'sendMessage'>;
  }) {
    this.#sessions = deps.sessions;
    this.#channels = deps.channels;
    this.#discord = deps.discord;
  }

  async execute(job: SessionPostJob): Promise<SessionPostOutcome | null> {
    const session = await this.#sessions.find(job.groupId, job.sessionId);
    if (!stillDue(session, job.startsAt)) return null;
    const text = sessionPostText(session, job.post);
    const outcome: SessionPostOutcome = { posted: [], refused: [] };
    for (const channelId of await this.#channels.of(job.groupId)) {
      try {
        await this.#discord.sendMessage(channelId, text);
        outcome.posted.push(channelId);
      } catch (error) {
        if (!(error instanceof DiscordRefused)) throw error;
        outcome.refused.push({ channelId, reason: error.message });
      }
    }
    return outcome;
  }
}
