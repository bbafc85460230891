import { NotFound, Unavailable } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RobloxProfile } from '../../contracts/roblox.ts';
import type { RobloxMemberships, RobloxThumbnails, RobloxUsers, RobloxUserSearch } from '../ports.ts';
import { currentRolesOf, requireLinked } from '../linkedAccount.ts';

/** What the screens read about the customer's Roblox side: /api/auth/me, /api/roblox/user and the user search. */
export class DescribeRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #users: RobloxUsers;
  readonly #search: RobloxUserSearch;
  readonly #memberships: RobloxMemberships;
  readonly #thumbnails: RobloxThumbnails;
  readonly #searchLimit: number;

  constructor(
    customers: CustomerRepository,
    users: RobloxUsers,
    search: RobloxUserSearch,
    memberships: RobloxMemberships,
    thumbnails: RobloxThumbnails,
    searchLimit: number,
  ) {
    this.#customers = customers;
    this.#users = users;
    this.#search = search;
    this.#memberships = memberships;
    this.#thumbnails = thumbnails;
    this.#searchLimit = searchLimit;
  }

  /** GET /api/auth/me; while Roblox is down the roles are listed as none rather than failing the whole call. */
  async me(customerId: number | undefined) {
    const customer = await requireCustomer(this.#customers, customerId);
    const currentRoles = await currentRolesOf(this.#memberships, customer.robloxId).catch((error: unknown) => {
      if (error instanceof Unavailable) return [];
      throw error;
    });
    return {
      id: customer.id,
      username: customer.username,
      robloxUsername: customer.robloxUsername,
      robloxId: customer.robloxId,
      isVerified: customer.isVerified,
      currentRoles,
    };
  }

  /** GET /api/roblox/user. */
  async profile(customerId: number | undefined): Promise<RobloxProfile> {
    const customer = await requireLinked(this.#customers, customerId);
    const [user, profileImageUrl] = await Promise.all([this.#users.byId(customer.robloxId), this.#thumbnails.headshotUrl(customer.robloxId)]);
    if (!user) throw new NotFound('Roblox user not found');
    return { id: user.id, username: user.name, displayName: user.displayName, profileImageUrl };
  }

  /** GET /api/roblox/users/search. */
  async search(customerId: number | undefined, keyword: string) {
    await requireCustomer(this.#customers, customerId);
    return { data: await this.#search.search(keyword, this.#searchLimit) };
  }
}
