import { useState } from 'react';
import { Button, HttpError, useEndpointMutation } from '@groupflow/shell-kit';
import { API, MAX_RATING_COMMENT, type TicketRatingWire } from '@groupflow/core/contracts';

const SCORES = [1, 2, 3, 4, 5] as const;
const SCORE_TEXT: Record<(typeof SCORES)[number], string> = {
  1: 'Very poor',
  2: 'Poor',
  3: 'Okay',
  4: 'Good',
  5: 'Excellent',
};

interface RatingCardProps {
  rating: TicketRatingWire | null;
  /** The chat call's params and key header: the rating is proven by the same key. */
  call: { params: { id: string }; headers: Record<string, string> };
  /** The stored rating, after this card sent it or found one already there (409). */
  onRated: () => void;
}

/** A closed ticket's satisfaction rating (issue 39): asked once, then thanked for. */
export function RatingCard({ rating, call, onRated }: RatingCardProps) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const rate = useEndpointMutation(API.support.rateTicket, {
    failure: 'Could not send your rating',
    onSuccess: onRated,
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409) onRated();
    },
  });

  if (rating) {
    return (
      <section className="card stack support-chat-rating" aria-label="Your rating">
        <h2 className="card-title">Thank you for your feedback</h2>
        <p className="muted">
          You rated our support {'★'.repeat(rating.score)}
          {'☆'.repeat(SCORES.length - rating.score)} ({SCORE_TEXT[rating.score as (typeof SCORES)[number]]}).
        </p>
      </section>
    );
  }

  return (
    <form
      className="card stack support-chat-rating"
      aria-label="Rate our support"
      onSubmit={(event) => {
        event.preventDefault();
        if (score === null) return;
        rate.mutate({ ...call, body: { score, ...(comment.trim() ? { comment: comment.trim() } : {}) } });
      }}
    >
      <h2 className="card-title">How did we do?</h2>
      <p className="muted">This ticket is closed. Rate our support from 1 to 5 stars.</p>
      <div className="row support-chat-stars" role="radiogroup" aria-label="Score">
        {SCORES.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={score === value}
            aria-label={`${value} ${value === 1 ? 'star' : 'stars'}: ${SCORE_TEXT[value]}`}
            className={`support-chat-star${score !== null && value <= score ? ' on' : ''}`}
            onClick={() => setScore(value)}
          >
            ★
          </button>
        ))}
      </div>
      <label className="field">
        <span className="small">Comment (optional)</span>
        <textarea
          className="textarea"
          rows={3}
          maxLength={MAX_RATING_COMMENT}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <div>
        <Button type="submit" disabled={score === null} pending={rate.isPending} pendingLabel="Sending...">
          Send rating
        </Button>
      </div>
    </form>
  );
}
