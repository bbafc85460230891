/** A customer account as the customer use cases see it (spec 3, users). */
export interface Customer {
  id: number;
  username: string;
  email: string | null;
  discordId: string | null;
  avatar: string | null;
  discriminator: string | null;
  robloxId: string | null;
  robloxUsername: string | null;
  isVerified: boolean;
  isBanned: boolean;
  /** Why the account is banned; shown to the banned customer when sign-in or a session is refused. */
  bannedReason: string | null;
  createdAt: Date;
}

/**
 * What the browser may see of the signed-in customer (GET /api/user), as it travels: the account's creation as ISO
 * text already, since a Date left to JSON.stringify (Date#toJSON) takes it off V8's fast path, and every signed-in
 * read serialises this (issue 37).
 */
export type PublicCustomer = Omit<Customer, 'isBanned' | 'bannedReason' | 'createdAt'> & { createdAt: string };

/** Copies field by field so a column added to users later is not published by default. */
export function toPublicCustomer(customer: Customer): PublicCustomer {
  return {
    id: customer.id,
    username: customer.username,
    email: customer.email,
    discordId: customer.discordId,
    avatar: customer.avatar,
    discriminator: customer.discriminator,
    robloxId: customer.robloxId,
    robloxUsername: customer.robloxUsername,
    isVerified: customer.isVerified,
    createdAt: customer.createdAt.toISOString(),
  };
}

export type NewCustomer = Omit<Customer, 'id' | 'createdAt' | 'isBanned' | 'bannedReason'>;

export interface CustomerRepository {
  findById(id: number): Promise<Customer | null>;
  findByDiscordId(discordId: string): Promise<Customer | null>;
  findByRobloxId(robloxId: string): Promise<Customer | null>;
  create(customer: NewCustomer): Promise<Customer>;
  /** Replaces the stored customer with this id. */
  save(customer: Customer): Promise<void>;
}

/** The Discord identity proven by an OAuth sign-in (GET {discord}/api/v10/users/@me). */
export interface DiscordIdentity {
  id: string;
  username: string;
  email: string | null;
  avatar: string | null;
  discriminator: string | null;
}

/** The Roblox identity proven by an OAuth sign-in (GET {roblox}/v1/userinfo). */
export interface RobloxIdentity {
  id: string;
  username: string;
}

export interface CustomerStats {
  totalBots: number;
  activeBots: number;
  totalCommands: number;
}

/** Figures of GET /api/user/profile, counted in the database. */
export interface CustomerStatsSource {
  statsFor(customerId: number): Promise<CustomerStats>;
}
