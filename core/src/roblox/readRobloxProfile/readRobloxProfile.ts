import { NotFound } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { RobloxThumbnails, RobloxUsers } from '../ports.ts';
import { requireLinked } from '../linkedAccount.ts';

/**
 * Where the browser finds a user's headshot: our own address, never Roblox's (issue 11; the server fetches the
 * image). The HTTP edge knows its routes, so it tells core.
 */
export interface RobloxProfile {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

export type HeadshotAddressOf = (userId: string) => string;

/** The linked customer's Roblox profile: name, display name and where to find their headshot. */
export class ReadRobloxProfile {
  readonly #customers: CustomerRepository;
  readonly #users: RobloxUsers;
  readonly #thumbnails: RobloxThumbnails;
  readonly #headshotAddressOf: HeadshotAddressOf;

  constructor(
    customers: CustomerRepository,
    users: RobloxUsers,
    thumbnails: RobloxThumbnails,
    headshotAddressOf: HeadshotAddressOf,
  ) {
    this.#customers = customers;
    this.#users = users;
    this.#thumbnails = thumbnails;
    this.#headshotAddressOf = headshotAddressOf;
  }

  /** GET /api/roblox/user. */
  async execute(customerId: number | undefined): Promise<RobloxProfile> {
    const customer = await requireLinked(this.#customers, customerId);
    const [user, headshot] = await Promise.all([
      this.#users.byId(customer.robloxId),
      this.#thumbnails.headshotUrl(customer.robloxId),
    ]);
    if (!user) throw new NotFound('ROBLOX.USER_NOT_FOUND', 'Roblox user not found');
    const profileImageUrl = headshot ? this.#headshotAddressOf(user.id) : null;
    return { id: user.id, username: user.name, displayName: user.displayName, profileImageUrl };
  }
}
