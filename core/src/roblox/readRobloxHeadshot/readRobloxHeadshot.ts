import { NotFound } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RobloxImage, RobloxThumbnails } from '../ports.ts';

export class ReadRobloxHeadshot {
  readonly #customers: CustomerRepository;
  readonly #thumbnails: RobloxThumbnails;

  constructor(customers: CustomerRepository, thumbnails: RobloxThumbnails) {
    this.#customers = customers;
    this.#thumbnails = thumbnails;
  }

  /**
   * GET /api/roblox/users/{userId}/headshot: anyone's public headshot, as Roblox itself shows it to anyone, but only
   * to a signed-in customer, so visitors cannot spend our Roblox quota through us (issue 23).
   */
  async execute(customerId: number | undefined, userId: string): Promise<RobloxImage> {
    await requireCustomer(this.#customers, customerId);
    const image = await this.#thumbnails.headshot(userId);
    if (!image) throw new NotFound('ROBLOX.NO_HEADSHOT', 'Roblox has no headshot for this user');
    return image;
  }
}
