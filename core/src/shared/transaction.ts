/**
 * Runs several port calls as one unit: all of them are written or none. Use cases that change more than
 * one record (an HR action, a deletion with its history) go through it, so a failure leaves no half-write.
 */
export interface Transaction {
  run<T>(work: () => Promise<T>): Promise<T>;
}
