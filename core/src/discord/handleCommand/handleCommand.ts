import type { Clock } from '../../shared/clock.ts';
import type { CommandRequest, InteractionReplies } from '../botPorts.ts';
import type { BotState } from '../botState.ts';
import { findCommand, type CommandServices } from '../commandRegistry/commandRegistry.ts';

/**
 * Every slash command enters here, whatever the transport, and runs the registry's command of its name. The
 * interaction is acknowledged first (deferred, ephemeral: every answer is addressed to the caller, public effects go
 * to channels), so a slow database or Roblox never breaks Discord's 3-second rule; the command's answer then
 * replaces the "thinking" message.
 */
export class HandleCommand {
  readonly #services: CommandServices;
  readonly #state: BotState;
  readonly #clock: Clock;

  constructor(deps: CommandServices & { state: BotState; clock: Clock }) {
    const { state, clock, ...services } = deps;
    this.#services = services;
    this.#state = state;
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
      const command = findCommand(request.commandName);
      const [result] = await Promise.all([
        command
          ? command.execute({ guildId, request, services: this.#services })
          : `Unknown command /${request.commandName}.`,
        this.#state.countCommandUse(guildId, this.#clock.now()),
      ]);
      answer = result;
    } catch (error) {
      await replies.edit(`Something went wrong while running /${request.commandName}. Please try again in a moment.`);
      throw error;
    }
    await replies.edit(answer);
  }
}
