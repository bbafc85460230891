/** `npm run start:api`: the HTTP API alone; the bot runs elsewhere against the same PostgreSQL. */
import { runProcess } from './main.ts';

await runProcess(['api']);
