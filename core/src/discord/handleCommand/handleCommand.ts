import type { Clock } from '../../shared/clock.ts';
import type { CommandRequest, InteractionReplies, LinkedAccounts } from '../botPorts.ts';
import type { BotState } from '../botState.ts';
import { findCommand, type CommandServices } from '../commandRegistry/commandRegistry.ts';
import { bannedReply } from '../commandRegistry/describeSync.ts';

/**
 * Every slash command enters here, whatever the transport, and runs the registry's command of its name. The
 * interaction is acknowledged first (deferred, ephemeral: every answer is addressed to the caller, public effects go
 * to channels), so a slow database or Roblox never breaks Discord's 3-second rule; the command's answer then
 * replaces the "thinking" message.
 */
export class HandleCommand {
  readonly #services: CommandServices;
  readonly #state: BotState;
  readonly #accounts: LinkedAccounts;
  readonly #clock: Clock;

  /** `accounts` is read for the caller's ban, a fact staff set in the database (issue 26). */
  constructor(deps: CommandServices & { state: BotState; accounts: LinkedAccounts; clock: Clock }) {
    const { state, accounts, clock, ...services } = deps;
    this.#services = services;
    this.#state = state;
    this.#accounts = accounts;
    this.#clock = clock;
  }

  async execute(request: CommandRequest, replies: InteractionReplies): Promise<void> {
    const guildId = request.guildId;
    if (!guildId) {
      await replies.reply('GroupFlow commands work inside a server.', { ephemeral: true });
      return;
    }
    await replies.defer({ ephemeral: true });
    let answer: string;
    try {
      const [result] = await Promise.all([
        this.#run(guildId, request),
        this.#state.countCommandUse(guildId, this.#clock.now()),
      ]);
      answer = result;
    } catch (error) {
      await replies.edit(`Something went wrong while running /${request.commandName}. Please try again in a moment.`);
      throw error;
    }
    await replies.edit(answer);
  }

  /** A banned caller's every command is refused, naming the reason; nothing of the command runs. */
  async #run(guildId: string, request: CommandRequest): Promise<string> {
    const account = await this.#accounts.byDiscordId(request.caller.id, guildId);
    if (account?.isBanned) return bannedReply(account.bannedReason);
    const command = findCommand(request.commandName);
    return command
      ? command.execute({ guildId, request, services: this.#services })
      : `Unknown command /${request.commandName}.`;
  }
}
