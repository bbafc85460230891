import type { SyncOutcome } from '../syncMemberRoles/syncMemberRoles.ts';

/** The text a member sees after a sync, naming every change and every change the bot had to leave out. */
export function describeSync(outcome: SyncOutcome, linkUrl: string, who: 'you' | string): string {
  const self = who === 'you';
  switch (outcome.kind) {
    case 'banned':
      return self ? bannedReply(outcome.reason) : `${who}'s GroupFlow account is banned, so I give them no roles.`;
    case 'not-linked':
      return self
        ? `You have not linked a Roblox account yet. Link it here: ${linkUrl} — then run /verify again.`
        : `${who} has not linked a Roblox account yet (${linkUrl}).`;
    case 'not-verified':
      return self
        ? `Your Roblox account is linked but not proven yet. Finish at ${linkUrl}: sign in with Roblox, or put your verification code in your Roblox profile description. Then run /verify again.`
        : `${who} has linked a Roblox account but not proven it yet (${linkUrl}).`;
    case 'verification-off':
      return 'Verification is turned off for this server. An admin can turn it on in the GroupFlow dashboard.';
    case 'not-in-guild':
      return self ? 'You are not a member of this server.' : `${who} is not a member of this server.`;
    case 'restricted':
      return self
        ? `You proved ${outcome.robloxName}, but this server does not let it verify: ${outcome.reason}. Until that changes you keep the unverified role and no bound roles.`
        : `${who} proved ${outcome.robloxName}, but this server does not let it verify: ${outcome.reason}.`;
    case 'member-unmanageable':
    case 'refused':
      return `I could not update ${self ? 'your' : `${who}'s`} roles: ${outcome.reason}.`;
    case 'synced': {
      const lines = [
        `${self ? 'Verified' : `Updated ${who}`} as ${outcome.robloxName}${outcome.rank ? ` (${outcome.rank})` : ''}.`,
      ];
      lines.push(`Roles added: ${outcome.added.join(', ') || 'none'}`);
      lines.push(`Roles removed: ${outcome.removed.join(', ') || 'none'}`);
      lines.push(`Nickname: ${outcome.nickname ?? 'unchanged'}`);
      for (const skip of outcome.skipped) lines.push(`Not changed: ${skip.target}, because ${skip.reason}.`);
      return lines.join('\n');
    }
  }
}

/** The refusal a banned account hears for every command, naming the reason staff gave. */
export function bannedReply(reason: string | null): string {
  return `Your GroupFlow account is banned${reason ? `: ${reason}` : ''}. GroupFlow commands are not available to you. To appeal, open a support ticket on the GroupFlow website.`;
}
