import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { chooseOption, useServerAndBrowser } from './harness.ts';

/** The key of shell/kit's STAFF_TOKEN_KEY; the kit itself is browser code the services project does not compile. */
const STAFF_TOKEN_KEY = 'staffToken';
const OWNER = { email: 'owner@groupflow.test', password: 'owner-pass-123' };
const AGENT = {
  username: 'carla',
  email: 'carla@groupflow.test',
  password: 'welcome-carla-2026',
  newPassword: 'carla-own-pass',
};

/** The code an authenticator app shows for `secret`, `stepsAhead` 30 second steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

const e2e = useServerAndBrowser({
  env: {
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    LEADERSHIP_EMAIL: 'leadership@groupflow.test',
  },
});

/** Each person gets their own context, so their local storage (token) is their own. */
async function signIn(email: string, password: string): Promise<Page> {
  const page = await (await e2e.browser.newContext()).newPage();
  await page.goto(`${e2e.server.url}/staff-login`);
  await page.getByLabel('Company Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  return page;
}

describe('staff area in Chromium', () => {
  let owner: Page;
  let agent: Page;
  let agentToken: string | null;

  it('signs the owner in to the dashboard with the owner-only tools', async () => {
    owner = await signIn(OWNER.email, OWNER.password);
    await owner.waitForURL('**/staff-dashboard');
    await owner.getByRole('heading', { name: 'Welcome back, owner' }).waitFor();
    await owner.getByText('Login successful! Welcome back.').waitFor();
    await owner.getByRole('heading', { name: 'Maintenance Mode Control Center' }).waitFor();
    await owner.getByRole('heading', { name: 'Human Resources Tools' }).waitFor();
  });

  it('lets the owner create a customer_support user in Manage Users', async () => {
    await owner.getByRole('link', { name: 'Manage Users' }).click();
    await owner.getByRole('heading', { name: 'Manage Users' }).waitFor();
    await owner.getByRole('button', { name: 'Add New User' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').fill(AGENT.username);
    await dialog.getByLabel('Email').fill(AGENT.email);
    await dialog.getByLabel('Password', { exact: true }).fill(AGENT.password);
    await expect(dialog.getByRole('combobox', { name: 'Role' }).textContent()).resolves.toContain('Customer Support');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await owner.getByText('User created successfully!').waitFor();
    await owner.getByRole('article', { name: AGENT.username }).getByText('Customer Support').waitFor();
  });

  it('makes the new user choose a password, then shows a dashboard without Manage Users', async () => {
    agent = await signIn(AGENT.email, AGENT.password);
    await agent.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    await agent.getByLabel('New Password', { exact: true }).fill(AGENT.newPassword);
    await agent.getByLabel('Confirm New Password').fill(AGENT.newPassword);
    await agent.getByRole('button', { name: 'Set Password and Continue' }).click();
    await agent.waitForURL('**/staff-dashboard');
    await agent.getByRole('heading', { name: `Welcome back, ${AGENT.username}` }).waitFor();
    await agent.getByRole('link', { name: 'Chain of Command' }).waitFor();
    await expect(agent.getByRole('link', { name: 'Manage Users' }).count()).resolves.toBe(0);
    await expect(agent.getByRole('heading', { name: 'Human Resources Tools' }).count()).resolves.toBe(0);
    await agent.goto(`${e2e.server.url}/manage-users`);
    await agent.getByText("You don't have permission to manage users").waitFor();
    await agent.waitForURL('**/staff-dashboard');
    agentToken = await agent.evaluate((key) => localStorage.getItem(key), STAFF_TOKEN_KEY);
    expect(agentToken).toBeTruthy();
  });

  it('lets the new user turn on two-factor authentication from the dashboard, showing the recovery codes once', async () => {
    const card = agent.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.locator('.staff-mfa-secret').textContent()) ?? '';
    expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel('Authentication code').fill('000000');
    await card.getByRole('button', { name: 'Turn On' }).click();
    await card.getByText('That code is not right.', { exact: false }).waitFor();
    await card.getByLabel('Authentication code').fill(await totp(secret));
    await card.getByRole('button', { name: 'Turn On' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await card.getByRole('button', { name: 'Download' }).waitFor();
    await card.getByRole('button', { name: 'Copy' }).waitFor();
    await card.getByRole('button', { name: 'I Have Saved Them' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await expect(card.getByRole('list', { name: 'Recovery codes' }).count()).resolves.toBe(0);

    // The next sign-in asks for a code after the password.
    await agent.getByRole('button', { name: 'Logout' }).click();
    await agent.waitForURL('**/staff-login');
    agent = await signIn(AGENT.email, AGENT.newPassword);
    await agent.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await agent.getByLabel('Code or recovery code').fill('000000');
    await agent.getByRole('button', { name: 'Verify and Sign In' }).click();
    await agent.getByText('Invalid authentication code').waitFor();
    await agent.getByLabel('Code or recovery code').fill(await totp(secret, 1));
    await agent.getByRole('button', { name: 'Verify and Sign In' }).click();
    await agent.waitForURL('**/staff-dashboard');
    await agent.getByRole('heading', { name: `Welcome back, ${AGENT.username}` }).waitFor();
    agentToken = await agent.evaluate((key) => localStorage.getItem(key), STAFF_TOKEN_KEY);
  });

  it("lets the owner reset the user's two-factor authentication in Manage Users, after a confirmation", async () => {
    await owner.reload();
    const member = owner.getByRole('article', { name: AGENT.username });
    await member.getByRole('button', { name: `Reset 2FA of ${AGENT.username}` }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Reset Two-Factor Authentication' });
    await confirm.getByRole('button', { name: 'Reset 2FA' }).click();
    await owner.getByText('Two-factor authentication reset').waitFor();
    // The list is read again: the member no longer has two-factor authentication to reset.
    await member.getByRole('button', { name: `Reset 2FA of ${AGENT.username}` }).waitFor({ state: 'detached' });
  });

  it('lets the owner reset their password from the dashboard; the temporary one works for a login', async () => {
    await owner.getByRole('link', { name: 'Back to Dashboard' }).click();
    await owner.getByRole('button', { name: 'Reset Staff Password' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Reset Staff Password' });
    await dialog.getByLabel('Staff member').fill(AGENT.email);
    await dialog.getByRole('button', { name: 'Generate Temporary Password' }).click();
    const tempPassword = (await dialog.locator('code').textContent())?.trim() ?? '';
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const login = await fetch(`${e2e.server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: AGENT.email, password: tempPassword }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token: string; user: { mustChangePassword: boolean } };
    expect(body.user.mustChangePassword).toBe(true);
    agentToken = body.token;
    const check = await fetch(`${e2e.server.url}/api/staff/validate-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${agentToken}` },
    });
    expect(check.status).toBe(200);
  });

  it('lets the owner terminate them through the HR dialog', async () => {
    await owner.getByRole('button', { name: 'Termination' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Termination Staff Member' });
    await dialog.getByText('leadership@groupflow.test').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm Termination' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await chooseOption(owner, 'Select Staff Member', `${AGENT.username} - Customer Support`);
    await dialog.getByLabel('Reason (Required)').fill('Repeated breaches of the support policy');
    await confirm.click();
    await owner.getByText('HR action completed successfully!').waitFor();
  });

  it('refuses the terminated user’s old token and sends their screens back to the login page', async () => {
    const response = await fetch(`${e2e.server.url}/api/staff/validate-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${agentToken}` },
    });
    expect(response.status).toBe(401);

    await agent.goto(`${e2e.server.url}/chain-of-command`);
    await agent.waitForURL('**/staff-login');
    await expect(agent.evaluate((key) => localStorage.getItem(key), STAFF_TOKEN_KEY)).resolves.toBeNull();
  });
});
