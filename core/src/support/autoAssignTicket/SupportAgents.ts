/** A support member who may take a ticket now, with what round-robin weighs. */
export interface AvailableAgent {
  id: number;
  username: string;
  /** Tickets claimed by them and not resolved or closed. */
  openTickets: number;
  /** When automatic assignment last gave them one; null if never. */
  lastAssignedAt: Date | null;
}

export interface SupportAgents {
  /** Active, clocked-in, unsuspended members of the given roles. */
  available(roles: readonly string[], now: Date): Promise<AvailableAgent[]>;
  recordAssignment(staffId: number, at: Date): Promise<void>;
}
