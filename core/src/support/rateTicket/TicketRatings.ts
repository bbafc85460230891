/** A customer's satisfaction rating of their ticket (issue 39). */
export interface TicketRating {
  score: number;
  comment: string | null;
  createdAt: Date;
}

export interface TicketRatings {
  /** Stores the ticket's rating; false when it has one already (one per ticket, even under concurrent calls). */
  add(ticketId: number, rating: TicketRating): Promise<boolean>;
  find(ticketId: number): Promise<TicketRating | null>;
}
