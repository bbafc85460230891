/** `npm run start:bot`: the Discord bot and its role sync workers alone, against DATABASE_URL. */
import { runProcess } from './main.ts';

await runProcess(['bot']);
