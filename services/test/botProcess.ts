/**
 * The bot as its own process (`services/src/mainBot.ts`, as `npm run start:bot` runs it), so a test or a bench can
 * kill it the way a crash does (SIGKILL: no shutdown, no job settled) and start another on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const MAIN_BOT = fileURLToPath(new URL('../src/mainBot.ts', import.meta.url));
const READY_LINE = 'GroupFlow bot is running';
const READY_TIMEOUT_MS = 60_000;

export interface BotProcess {
  readonly child: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  readonly output: string[];
  /** SIGKILL by default: the process dies mid-work. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a bot process with this environment (over the parent's) and waits until it says it is running. */
export async function startBotProcess(env: Record<string, string>): Promise<BotProcess> {
  const child = spawn(process.execPath, [MAIN_BOT], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bot did not start in ${READY_TIMEOUT_MS} ms:\n${output.join('')}`)),
      READY_TIMEOUT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bot exited with ${code} before it was running:\n${output.join('')}`));
    });
  });
  await ready;
  return {
    child,
    output,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
