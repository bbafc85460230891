import type { ReactNode } from 'react';

/**
 * One line of a workspace list (the activity feed, a game stay, a notification, a rank change): what happened,
 * a muted detail line under it, and its badge, after the text or, with `badgeFirst`, before it. The caller's
 * `<li className="rb-row">` holds it.
 */
export function ListLine({
  title,
  detail,
  badge,
  badgeFirst = false,
}: {
  title: ReactNode;
  detail: ReactNode;
  badge: ReactNode;
  badgeFirst?: boolean;
}) {
  return (
    <>
      {badgeFirst && badge}
      <span className="rb-grow">
        {title}
        <span className="muted small rb-block">{detail}</span>
      </span>
      {!badgeFirst && badge}
    </>
  );
}
