import { DiscordRefused, type ButtonMessages, type MessageButton } from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';

/** The custom id of the Verify button; a press runs /verify for whoever pressed it. */
export const VERIFY_BUTTON: Readonly<MessageButton> = Object.freeze({ customId: 'groupflow:verify', label: 'Verify' });

export const VERIFY_PANEL_TEXT =
  'Verify your Roblox account to get your roles in this server. Press **Verify**: only you see the answer, with the link to prove your account if you have not yet.';

export type VerifyPanelOutcome = 'none' | 'kept' | 'posted' | 'refused';

/**
 * Keeps one "Verify" message in the server's verification channel (issue 35 point 6): posted when missing, so a
 * deleted one comes back. Run when the bot starts, when a message there is deleted, and when a server-wide sync
 * starts (a saved configuration starts one).
 */
export class PostVerifyPanel {
  readonly #configs: ServerConfigs;
  readonly #messages: ButtonMessages;

  constructor(deps: { configs: ServerConfigs; messages: ButtonMessages }) {
    this.#configs = deps.configs;
    this.#messages = deps.messages;
  }

  async execute(guildId: string): Promise<VerifyPanelOutcome> {
    const config = await this.#configs.get(guildId);
    const channelId = config.verificationChannelId;
    if (!channelId || !config.verificationEnabled) return 'none';
    if (await this.#messages.hasButton(channelId, VERIFY_BUTTON.customId)) return 'kept';
    try {
      await this.#messages.postButton(channelId, VERIFY_PANEL_TEXT, VERIFY_BUTTON);
      return 'posted';
    } catch (error) {
      // The setup check names missing channel permissions; the next start or save tries again.
      if (error instanceof DiscordRefused) return 'refused';
      throw error;
    }
  }
}
