import { checkRequest, checkResponse, type ContractViolation, type PlatformRequest } from './platformContract.ts';

/**
 * What a fake does with exchanges outside the platform documents when it stops: `enforce` (tests) throws, so the
 * suite's afterAll fails the file; `report` (bench scripts, whose subject is speed) prints them and carries on.
 */
export type ContractMode = 'enforce' | 'report';

export interface RecordedViolation extends ContractViolation {
  /** The exchange as the fake saw it, on the real host: `GET https://groups.roblox.com/v1/groups/1`. */
  request: string;
}

/** A request body as the platform would read it: JSON, or the fields of a form. */
export function bodyOf(raw: string, contentType: string | undefined): unknown {
  if (!raw) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Left as text, which no JSON schema accepts.
    return raw;
  }
}

/** The contract checks of one fake: every request it receives and every answer it gives. */
export class ContractRecorder {
  readonly violations: RecordedViolation[] = [];
  readonly #fake: string;
  readonly #mode: ContractMode;

  constructor(fake: string, mode: ContractMode = 'enforce') {
    this.#fake = fake;
    this.#mode = mode;
  }

  request(request: PlatformRequest): void {
    this.#record(request, checkRequest(request));
  }

  response(request: PlatformRequest, status: number, body: unknown): void {
    this.#record(request, checkResponse(request, status, body), ` -> ${status}`);
  }

  /** Called when the fake stops. */
  settle(): void {
    if (this.violations.length === 0) return;
    const distinct = new Map<string, { first: string; count: number }>();
    for (const violation of this.violations) {
      const key = `${violation.operation}: ${violation.message}`;
      const seen = distinct.get(key);
      if (seen) seen.count += 1;
      else distinct.set(key, { first: violation.request, count: 1 });
    }
    const lines = [...distinct].map(
      ([key, { first, count }]) => `  - ${key} (${count > 1 ? `${count} times, first: ` : ''}${first})`,
    );
    const text = `${this.#fake}: ${this.violations.length} exchange(s) outside the platform documents (adapters/testing/platform):\n${lines.join('\n')}`;
    if (this.#mode === 'report') console.warn(text);
    else throw new Error(text);
  }

  #record(request: PlatformRequest, found: ContractViolation[], suffix = ''): void {
    for (const violation of found)
      this.violations.push({ ...violation, request: `${request.method} ${request.url}${suffix}` });
  }
}
