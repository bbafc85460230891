import { describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestApi } from '../../test/apiHarness.ts';

const CLI = fileURLToPath(new URL('./createStaff.ts', import.meta.url));
const run = promisify(execFile);

function createStaff(args: string[], password = 'cli-secret-1') {
  return run(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), STAFF_PASSWORD: password, LOG_LEVEL: 'silent' },
  });
}

describe('npm run staff:create', () => {
  it('creates an account of any role whose password works at once', async () => {
    const email = `cli-${Date.now()}@groupflow.test`;
    const { stdout } = await createStaff([
      '--email',
      email,
      '--username',
      `cli${Date.now()}`,
      '--role',
      'platform_owner',
    ]);
    expect(stdout).toMatch(new RegExp(`Created cli\\d+ <${email}> as platform_owner\\.`));

    const api = await startTestApi();
    try {
      const token = await api.login(email, 'cli-secret-1');
      const me = await fetch(`${api.url}/api/staff/validate-token`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await me.json()).toMatchObject({ email, role: 'platform_owner', mustChangePassword: false });
    } finally {
      await api.close();
    }
  });

  it('refuses an unknown role and a short password without touching the database', async () => {
    await expect(createStaff(['--email', 'x@groupflow.test', '--role', 'king'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--role must be one of'),
    });
    await expect(createStaff(['--email', 'x@groupflow.test'], '1234567')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Password must be at least 8 characters'),
    });
  });
});
