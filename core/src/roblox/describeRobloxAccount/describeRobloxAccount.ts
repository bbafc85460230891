import { NotFound, Unavailable } from '../../shared/errors.ts';
import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import { robloxEndpoints, type RobloxProfile } from '../../contracts/roblox.ts';
import { fillPath } from '../../contracts/endpoint.ts';
import type { PendingClaims } from '../groupPorts.ts';
import type { RobloxImage, RobloxMemberships, RobloxThumbnails, RobloxUsers, RobloxUserSearch } from '../ports.ts';
import { currentRolesOf, requireLinked } from '../linkedAccount.ts';

/** What the screens read about the customer's Roblox side: /api/auth/me, /api/roblox/user and the user search. */
export class DescribeRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #users: RobloxUsers;
  readonly #search: RobloxUserSearch;
  readonly #memberships: RobloxMemberships;
  readonly #thumbnails: RobloxThumbnails;
  readonly #claims: PendingClaims;
  readonly #clock: Clock;
  readonly #searchLimit: number;
  readonly #searchQuota: RateLimiter;

  constructor(deps: {
    customers: CustomerRepository;
    users: RobloxUsers;
    search: RobloxUserSearch;
    memberships: RobloxMemberships;
    thumbnails: RobloxThumbnails;
    claims: PendingClaims;
    clock: Clock;
    searchLimit: number;
    /** Counts user searches per customer (ROBLOX_USER_SEARCH_PER_MINUTE). */
    searchQuota: RateLimiter;
  }) {
    this.#customers = deps.customers;
    this.#users = deps.users;
    this.#search = deps.search;
    this.#memberships = deps.memberships;
    this.#thumbnails = deps.thumbnails;
    this.#claims = deps.claims;
    this.#clock = deps.clock;
    this.#searchLimit = deps.searchLimit;
    this.#searchQuota = deps.searchQuota;
  }

  /** GET /api/auth/me; while Roblox is down the roles are listed as none rather than failing the whole call. */
  async me(customerId: number | undefined) {
    const customer = await requireCustomer(this.#customers, customerId);
    const [currentRoles, claim] = await Promise.all([
      currentRolesOf(this.#memberships, customer.robloxId).catch((error: unknown) => {
        if (error instanceof Unavailable) return [];
        throw error;
      }),
      this.#claims.find(customer.id, this.#clock.now()),
    ]);
    return {
      id: customer.id,
      username: customer.username,
      robloxUsername: customer.robloxUsername,
      robloxId: customer.robloxId,
      isVerified: customer.isVerified,
      currentRoles,
      pendingClaim: claim
        ? { robloxId: claim.robloxId, robloxUsername: claim.robloxUsername, expiresAt: claim.expiresAt }
        : null,
    };
  }

  /** GET /api/roblox/user. */
  async profile(customerId: number | undefined): Promise<RobloxProfile> {
    const customer = await requireLinked(this.#customers, customerId);
    const [user, headshot] = await Promise.all([
      this.#users.byId(customer.robloxId),
      this.#thumbnails.headshotUrl(customer.robloxId),
    ]);
    if (!user) throw new NotFound('ROBLOX.USER_NOT_FOUND', 'Roblox user not found');
    // Our own address: the browser never calls Roblox (issue 11), the server fetches the image (`headshot`).
    const profileImageUrl = headshot ? fillPath(robloxEndpoints.headshot.path, { userId: user.id }) : null;
    return { id: user.id, username: user.name, displayName: user.displayName, profileImageUrl };
  }

  /**
   * GET /api/roblox/users/{userId}/headshot: anyone's public headshot, as Roblox itself shows it to anyone, but only
   * to a signed-in customer, so visitors cannot spend our Roblox quota through us (issue 23).
   */
  async headshot(customerId: number | undefined, userId: string): Promise<RobloxImage> {
    await requireCustomer(this.#customers, customerId);
    const image = await this.#thumbnails.headshot(userId);
    if (!image) throw new NotFound('ROBLOX.NO_HEADSHOT', 'Roblox has no headshot for this user');
    return image;
  }

  /** GET /api/roblox/users/search. */
  async search(customerId: number | undefined, keyword: string) {
    const customer = await requireCustomer(this.#customers, customerId);
    await enforceRateLimit(
      this.#searchQuota,
      String(customer.id),
      'ROBLOX.TOO_MANY_SEARCHES',
      'Too many user searches. Please wait a moment.',
    );
    return { data: await this.#search.search(keyword, this.#searchLimit) };
  }
}
