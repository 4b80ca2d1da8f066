import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'alertdialog' for confirmations that interrupt (a delete). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, and closes
 * it on Escape; focus goes back to whatever opened it.
 */
export function Dialog({ open, onClose, title, children, role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom has no showModal; the open attribute shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      return () => opener?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-6 text-ink shadow-card backdrop:bg-espresso-deep/60 sm:p-8',
        className,
      )}
    >
      {open && (
        <>
          <h2 id={titleId} className="font-display text-2xl font-bold text-espresso">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </>
      )}
    </dialog>
  );
}
