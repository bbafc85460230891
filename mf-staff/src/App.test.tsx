import { describe, expect, it } from 'vitest';

describe('the staff remote', () => {
  // remoteApp refuses screens that do not match the route table when the module loads (shell/kit/src/remoteApp.tsx).
  it('has one screen for each route of its area and none for another', async () => {
    const app = await import('./App.tsx');
    expect(typeof app.default).toBe('function');
    expect(typeof app.preload).toBe('function');
  });
});
