import type { ReactNode } from 'react';

/**
 * A card with a heading and a button that opens a form in it; while the form is open the button is
 * hidden (the form has its own way out).
 */
export function ToggleFormSection({ id, title, open, button, children }: { id: string; title: string; open: boolean; button: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {!open && button}
      </div>
      {open && <div className="mt-4">{children}</div>}
    </section>
  );
}
