import type { StaffSessions, TokenGenerator } from '../ports.ts';

/** POST /api/staff/logout: ends this token's session on the server, not only in the browser. */
export class LogoutStaff {
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;

  constructor(sessions: StaffSessions, tokens: TokenGenerator) {
    this.#sessions = sessions;
    this.#tokens = tokens;
  }

  async execute(token: string): Promise<void> {
    await this.#sessions.revoke(this.#tokens.hash(token));
  }
}
