import { createContext, use, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CloseButton } from './close-button';

type Toast = { id: number; message: string };
type ShowToast = (message: string) => void;

// Without a provider (a component test that does not care), a toast is simply not shown.
const ToastContext = createContext<ShowToast>(() => {});

/** Shows short confirmations ('Added to your cart'); returns `show(message)`. */
export function useToast(): ShowToast {
  return use(ToastContext);
}

const VISIBLE_MS = 5000;

/**
 * A polite live region that is always in the page, so screen readers announce each message as it is
 * added (a region inserted together with its text is often missed). Messages leave after a few seconds
 * or when closed; they only confirm what the page already shows, so nothing is lost when they go.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (message) => {
      const id = nextId.current++;
      // The same message twice in a row (two quick adds) shows once, announced again.
      setToasts((current) => [...current.filter((toast) => toast.message !== message), { id, message }].slice(-3));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), VISIBLE_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className="pointer-events-auto flex max-w-md items-center gap-3 rounded-full bg-espresso-deep py-2 pr-2 pl-5 text-sm text-white shadow-card"
          >
            <span>{toast.message}</span>
            <CloseButton label={t`Dismiss`} onClick={() => dismiss(toast.id)} className="hover:bg-white/15 focus-visible:outline-crema" />
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
