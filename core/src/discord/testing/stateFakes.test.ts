import { describeServerConfigsContract } from './serverConfigsContract.ts';
import { InMemoryServerConfigs } from './stateFakes.ts';

describeServerConfigsContract('InMemoryServerConfigs', async () => new InMemoryServerConfigs());
