import type { HTMLAttributes, ReactNode } from 'react';

export type CardElevation = 0 | 1 | 2;

/** The shared card surface, with elevation 0 (flat), 1 or 2. */
export function Card({
  elevation = 1, className, children, as: Tag = 'div', ...rest
}: HTMLAttributes<HTMLElement> & { elevation?: CardElevation; as?: 'div' | 'article' | 'section' | 'li'; children: ReactNode }) {
  return (
    <Tag className={['card', `card--e${elevation}`, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}
