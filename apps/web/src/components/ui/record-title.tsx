import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';

/**
 * The top of an admin record screen: a text link back to its list, then the record's title with
 * what sits beside it (its status badge, a button, a line about it).
 */
export function RecordTitle({ back, title, children }: { back: { to: string; label: string }; title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Link to={back.to} className="mb-2 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {back.label}
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </>
  );
}
