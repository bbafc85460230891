/**
 * Canned responses (issue 39): answers staff give again and again, kept once and posted by short code. Their text
 * may name the customer, the ticket and the agent, filled in when a reply is posted.
 */
export interface CannedResponseInput {
  /** Lowercase letters, digits and dashes (the contract checks); unique. */
  shortCode: string;
  title: string;
  body: string;
}

export interface CannedResponse extends CannedResponseInput {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Where canned responses are kept; a short code taken by another response answers `'taken'`. */
export interface CannedResponses {
  list(): Promise<CannedResponse[]>;
  find(id: number): Promise<CannedResponse | null>;
  create(input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken'>;
  /** null when there is no such response. */
  update(id: number, input: CannedResponseInput, at: Date): Promise<CannedResponse | 'taken' | null>;
  /** false when there was no such response. */
  remove(id: number): Promise<boolean>;
}

export interface CannedResponseValues {
  customerName: string;
  ticketId: number;
  agentName: string;
}

const PLACEHOLDERS: Record<string, (values: CannedResponseValues) => string> = {
  'customer.name': (values) => values.customerName,
  'ticket.id': (values) => String(values.ticketId),
  'agent.name': (values) => values.agentName,
};

/** The body with `{{customer.name}}`, `{{ticket.id}}` and `{{agent.name}}` filled in; other braces stay as written. */
export function fillCannedResponse(body: string, values: CannedResponseValues): string {
  return body.replace(/\{\{\s*([a-z.]+)\s*\}\}/g, (whole, name: string) => PLACEHOLDERS[name]?.(values) ?? whole);
}
