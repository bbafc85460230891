/** What a customer session records about its own age; the rest of its content belongs to the HTTP layer. */
export interface CustomerSessionTimes {
  customerId?: unknown;
  /** ISO time of the sign-in; the absolute lifetime counts from here, however often the session is used. */
  signedInAt?: unknown;
  /** ISO time of the last recorded use of a signed-in session (recorded at most every touch interval). */
  lastSeenAt?: unknown;
  /** ISO time a pre-sign-in session (OAuth state only) was first stored. */
  startedAt?: unknown;
}

export interface CustomerSessionLifetimeSettings {
  idleTimeoutMs: number;
  maxAgeMs: number;
  preSignInMs: number;
  /** A signed-in session records its use at most this often, so a busy customer does not write on every call. */
  touchIntervalMs: number;
}

const time = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? undefined : parsed;
};

/**
 * How long a customer session lives: signed in, until it is idle too long or too old since the sign-in
 * (whichever comes first); before sign-in, a short while, since it only carries an OAuth flow's state.
 */
export class CustomerSessionLifetime {
  readonly #settings: CustomerSessionLifetimeSettings;

  constructor(settings: CustomerSessionLifetimeSettings) {
    this.#settings = settings;
  }

  static signedIn(session: CustomerSessionTimes): boolean {
    return typeof session.customerId === 'number';
  }

  /** The moment the session ends unless it is used (and touched) again before. */
  expiresAt(session: CustomerSessionTimes, now: Date): Date {
    if (!CustomerSessionLifetime.signedIn(session)) {
      return new Date((time(session.startedAt) ?? now.getTime()) + this.#settings.preSignInMs);
    }
    // A signed-in session without a readable sign-in time cannot prove its age: it has none left.
    const signedInAt = time(session.signedInAt);
    if (signedInAt === undefined) return new Date(0);
    const lastSeenAt = time(session.lastSeenAt) ?? signedInAt;
    return new Date(Math.min(lastSeenAt + this.#settings.idleTimeoutMs, signedInAt + this.#settings.maxAgeMs));
  }

  /**
   * The moment (ms) from which a use should be recorded as the session's last activity: never for a session not
   * signed in, at once for one that has no readable time. For a signed-in session this and `expiresAt` depend on
   * the session alone, so a reader that keeps one works both out once (the session store, per load of its row).
   */
  touchDueAt(session: CustomerSessionTimes): number {
    if (!CustomerSessionLifetime.signedIn(session)) return Number.POSITIVE_INFINITY;
    const lastSeenAt = time(session.lastSeenAt) ?? time(session.signedInAt);
    return lastSeenAt === undefined ? Number.NEGATIVE_INFINITY : lastSeenAt + this.#settings.touchIntervalMs;
  }
}
