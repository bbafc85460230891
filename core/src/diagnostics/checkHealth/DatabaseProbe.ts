/** Answers whether the database takes a trivial query right now; rejects when it does not. */
export interface DatabaseProbe {
  ping(): Promise<void>;
}
