import type { ReactNode } from 'react';

/**
 * The body of an admin record screen: its cards in a wide column and, from 1024 px, a narrow one beside
 * them (the customer). The wide column may shrink, so a wide table in it scrolls rather than pushing
 * the narrow one out.
 */
export function RecordColumns({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="grid min-w-0 content-start gap-6">{children}</div>
      {aside}
    </div>
  );
}
