/** One account a customer search found: what tells accounts apart when picking one. */
export interface CustomerMatch {
  id: number;
  username: string;
  robloxUsername: string | null;
}

/** Customer accounts found by name, for the customer picker. */
export interface CustomerDirectory {
  /** Accounts whose username or Roblox name contains `text` (case-insensitive), in name order, at most `limit`. */
  searchByName(text: string, limit: number): Promise<CustomerMatch[]>;
}

/**
 * GET /api/staff/customers/search: any staff member names the customer a legal case or a violation report
 * concerns. Unlike the account list behind bans (ListCustomerAccounts), it matches names only and answers no
 * email, Discord id or ban, so a member who may not view accounts learns no more than the name they typed.
 */
export class SearchCustomers {
  readonly #directory: CustomerDirectory;
  readonly #limit: number;

  /** `limit`: how many matches one search answers (a setting). */
  constructor(directory: CustomerDirectory, limit: number) {
    this.#directory = directory;
    this.#limit = limit;
  }

  execute(text: string): Promise<CustomerMatch[]> {
    return this.#directory.searchByName(text.trim(), this.#limit);
  }
}
