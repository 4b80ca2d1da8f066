import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useToast } from '../../../components/ui/toast';
import { chatLinkFor } from './chat-link';

// The form (and its dialog, fields and request) loads on the first "Ask a Staff", not with the product page.
const AskStaffDialog = lazy(async () => ({ default: (await import('./ask-staff-dialog')).AskStaffDialog }));

type AskStaffOptions = {
  /** The shop's chat link (GET /shop `chatUrl`), or null/undefined for the message form. */
  chatUrl: string | null | undefined;
  product: { id: number; name: string };
  prefill?: { name: string; contact: string } | undefined;
};

/**
 * What "Ask a Staff" does: with a chat link, opens it in a new tab with the product named; without one, opens a
 * short message form. `ask` is for the button's click; `dialog` goes in the page.
 */
export function useAskStaff({ chatUrl, product, prefill }: AskStaffOptions): { ask: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  // Kept once asked for, so a closed form keeps what was typed in it.
  const [wanted, setWanted] = useState(false);
  const toast = useToast();
  const { t } = useLingui();
  const ask = () => {
    if (chatUrl) {
      // From the click itself, so no popup blocker stops it; noopener keeps the chat site away from this tab.
      window.open(chatLinkFor(chatUrl, product.name), '_blank', 'noopener,noreferrer');
      return;
    }
    setWanted(true);
    setOpen(true);
  };
  const dialog = wanted && (
    <Suspense fallback={null}>
      <AskStaffDialog
        open={open}
        onClose={() => setOpen(false)}
        product={product}
        prefill={prefill}
        onSent={() => {
          setOpen(false);
          toast(t`Thanks! Your question reached our staff. We will answer you soon.`);
        }}
      />
    </Suspense>
  );
  return { ask, dialog };
}
