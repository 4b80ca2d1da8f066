import type { ReactNode } from 'react';

/** A titled page body; used by screens whose full version another part of the work delivers. */
export function SimplePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div className="rounded-3xl bg-white p-8 shadow-card sm:p-12">
        <h1 className="font-display text-3xl font-bold text-espresso sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 text-muted">{children}</div>}
      </div>
    </div>
  );
}
