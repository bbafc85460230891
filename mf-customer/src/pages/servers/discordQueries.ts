import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiClient, endpointKey, useToast } from '@groupflow/shell-kit';
import {
  DISCORD_SCREEN_TIMINGS,
  botStatusEndpoint,
  discordClientIdEndpoint,
  discordInviteUrlEndpoint,
  getServerConfigEndpoint,
  getServerSyncEndpoint,
  verificationUsersEndpoint,
  roleProblemsEndpoint,
  userServersEndpoint,
} from '@groupflow/core/contracts';

/** Query keys of the Discord screens, the kit's endpoint keys, so a query and its invalidations cannot drift. */
export const discordKeys = {
  botStatus: endpointKey(botStatusEndpoint),
  userServers: endpointKey(userServersEndpoint),
  clientId: endpointKey(discordClientIdEndpoint),
  inviteUrl: endpointKey(discordInviteUrlEndpoint),
  serverConfig: (id: string) => endpointKey(getServerConfigEndpoint, { params: { id } }),
  serverSync: (id: string) => endpointKey(getServerSyncEndpoint, { params: { id } }),
  users: endpointKey(verificationUsersEndpoint),
  roleProblems: endpointKey(roleProblemsEndpoint),
};

/** GET /api/discord/bot-status, polled every 5 s (spec 3 section 9). */
export function useBotStatus() {
  return useQuery({
    queryKey: discordKeys.botStatus,
    queryFn: () => apiClient.call(botStatusEndpoint),
    refetchInterval: DISCORD_SCREEN_TIMINGS.botStatusPollMs,
  });
}

/** GET /api/user/servers, retried 3 times (spec 1 section 9); only once the user is known. */
export function useUserServers(enabled: boolean) {
  return useQuery({
    queryKey: discordKeys.userServers,
    queryFn: () => apiClient.call(userServersEndpoint),
    retry: DISCORD_SCREEN_TIMINGS.userServersRetries,
    enabled,
  });
}

/** A copy button's state: copies, names the copied item in a toast, and reads "Copied!" for 2000 ms. */
export function useCopy(): { copied: string | null; copy: (text: string, item: string) => Promise<void> } {
  const toast = useToast();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), DISCORD_SCREEN_TIMINGS.copyFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);
  return {
    copied,
    async copy(text, item) {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(item);
        toast({ title: 'Copied!', description: `${item} copied to clipboard!` });
      } catch {
        toast({
          title: 'Error',
          description: `Could not copy the ${item}. Select it and copy it by hand.`,
          variant: 'destructive',
        });
      }
    },
  };
}
