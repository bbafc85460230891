/** Scrolls the window smoothly back to the top; every header link of the landing page does this. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** Where a signed-in visitor goes next from the landing page: the header's Continue bar and the user menu. */
export const NEXT_STEPS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/servers', label: 'My Servers' },
  { to: '/group-management', label: 'Roblox Groups' },
] as const;
