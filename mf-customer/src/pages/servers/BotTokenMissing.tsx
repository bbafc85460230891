import { useGetBotStatus } from './serverQueries.ts';

/** Every Discord screen says so while DISCORD_BOT_TOKEN is unset (issue 12 configuration contract). */
export function BotTokenMissing() {
  const status = useGetBotStatus();
  if (status.data?.hasToken !== false) return null;
  return (
    <div className="alert alert-warning" role="status">
      <strong>Bot Token Missing</strong>: the bot can be invited but will appear offline until a bot token is added.
    </div>
  );
}
