import { useEffect, useState } from 'react';
import { useEndpointQuery, useToast } from '@groupflow/shell-kit';
import { API, DISCORD_SCREEN_TIMINGS } from '@groupflow/core/contracts';

/** GET /api/discord/bot-status, polled every 5 s (spec 3 section 9). */
export function useGetBotStatus() {
  return useEndpointQuery(API.servers.getBotStatus, undefined, {
    refetchInterval: DISCORD_SCREEN_TIMINGS.botStatusPollMs,
  });
}

/** GET /api/user/servers, retried 3 times (spec 1 section 9); for a signed-in customer. */
export function useListUserServers() {
  return useEndpointQuery(API.servers.listUserServers, undefined, { retry: DISCORD_SCREEN_TIMINGS.userServersRetries });
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
