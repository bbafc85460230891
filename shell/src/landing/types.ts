/** Scrolls the window smoothly back to the top; every header link of the landing page does this. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}
