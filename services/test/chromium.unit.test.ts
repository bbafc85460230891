import { describe, expect, it } from 'vitest';
import { chromiumPath, INSTALL_CHROMIUM } from './chromium.ts';

describe('chromiumPath', () => {
  it('names the one command that installs Chromium when it is missing', () => {
    expect(() => chromiumPath({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(
      'there is none at /nowhere/chromium. Install it with `apt-get update && apt-get install -y chromium`',
    );
    expect(INSTALL_CHROMIUM).toBe('apt-get update && apt-get install -y chromium');
  });

  it('takes CHROMIUM_PATH when it exists', () => {
    expect(chromiumPath({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });
});
