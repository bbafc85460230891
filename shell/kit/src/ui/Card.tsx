import type { HTMLAttributes, ReactNode } from 'react';

/** The theme's .card, optionally with a title heading (h2 unless `titleAs` says otherwise). */
export function Card({
  title,
  titleAs: Heading = 'h2',
  actions,
  className,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
  actions?: ReactNode;
}) {
  return (
    <section className={className ? `card ${className}` : 'card'} {...rest}>
      {(title || actions) && (
        <div className="spread kit-card-header">
          {title && <Heading className="card-title">{title}</Heading>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
