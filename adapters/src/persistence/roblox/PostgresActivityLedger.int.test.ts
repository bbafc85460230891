import { afterAll, beforeAll } from 'vitest';
import { describeActivityLedgerContract } from '@groupflow/core/roblox/testing/activityLedgerContract';
import { callInUnitsOfWork, openOwnDatabase } from '../../../test/ownDatabase.ts';
import { PostgresActivityLedger } from './PostgresActivityLedger.ts';

/** Sweeping expired receipts changes no answer; when it runs is activityKeysAndReceipts.int.test.ts's concern. */
const RECEIPT_SWEEP_MS = 86_400_000;

let own: Awaited<ReturnType<typeof openOwnDatabase>>;

beforeAll(async () => {
  own = await openOwnDatabase();
});
afterAll(async () => {
  await own?.drop();
});

describeActivityLedgerContract('PostgresActivityLedger', async (windowMs) => {
  await own.truncate('activity_sessions', 'activity_report_receipts', 'group_members');
  return callInUnitsOfWork(own.orm, new PostgresActivityLedger(own.orm, windowMs, RECEIPT_SWEEP_MS));
});
