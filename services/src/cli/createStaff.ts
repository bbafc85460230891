/**
 * npm run staff:create -- --email a@b.c --username alice --role customer_support
 * The password comes from STAFF_PASSWORD, or is asked for on the terminal (never as an argument, which would
 * end up in shell history and the process list).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { isStaffRole, STAFF_ROLES } from '@groupflow/core';
import { provisionStaffSchema } from '@groupflow/core/contracts';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { provisionDatabase } from '../database.ts';
import { buildApiContainer } from '../api.ts';
import { resolve, TOKENS } from '../containers/tokens.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'string', default: 'customer_support' },
  },
});

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set STAFF_PASSWORD when not running in a terminal.');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password: ');
  } finally {
    rl.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!values.email) fail('Usage: npm run staff:create -- --email EMAIL [--username NAME] [--role ROLE]');
if (!isStaffRole(values.role)) fail(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
const role = values.role;
const credentials = provisionStaffSchema.safeParse({ email: values.email, password: await readPassword() });
if (!credentials.success) fail(credentials.error.issues.map((issue) => issue.message).join('\n'));

const config = loadConfig();
const logger = createLogger({ ...config, logLevel: 'warn' });
const database = await provisionDatabase(config, logger);
try {
  const provision = resolve(buildApiContainer(config, logger, database.orm), TOKENS.ProvisionStaffMember);
  const member = await inRequestContext(database.orm, () =>
    provision.execute({ ...credentials.data, role, username: values.username }),
  );
  console.log(`Created ${member.username} <${member.email}> as ${member.role}.`);
} catch (error) {
  console.error(`Could not create the staff member: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
