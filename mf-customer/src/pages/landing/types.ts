/** The current customer as returned by GET /api/user (spec 1 section 7). */
export interface CurrentUser {
  id: number | string;
  username: string;
  email?: string | null;
  avatar?: string | null;
  robloxId?: string | null;
  robloxUsername?: string | null;
  discordId?: string | null;
}

/** Scrolls the window smoothly back to the top; every header link of the landing page does this. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}
