import { InMemoryActivityLedger } from './activityFakes.ts';
import { describeActivityLedgerContract } from './activityLedgerContract.ts';

describeActivityLedgerContract('InMemoryActivityLedger', async (windowMs) => new InMemoryActivityLedger(windowMs));
