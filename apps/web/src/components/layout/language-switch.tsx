import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { useLoginRecord } from '../../lib/login-record';
import type { Language } from '../../lib/i18n';
import { cn } from '../../lib/cn';

/** Each language named in itself, so a reader of either finds theirs. */
const NAMES: Record<Language, { short: string; long: string }> = {
  en: { short: 'EN', long: 'English' },
  id: { short: 'ID', long: 'Bahasa Indonesia' },
};

/**
 * The navigation bar's language switch: offers the other language, switches the screens where they stand (the page,
 * the cart and the checkout's choices are kept) and remembers the choice: in a cookie, and in a signed-in customer's
 * profile, in which their mails and notifications are written. A staff member's choice stays with the device (the
 * cookie): a counter's tablet keeps its language whoever signs in on it (lib/change-language.ts). `long`: the
 * language's whole name (the phone menu), else its code.
 */
export function LanguageSwitch({ long = false, className }: { long?: boolean; className?: string }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const customer = useLoginRecord()?.role === 'customer';
  const other: Language = i18n.locale === 'id' ? 'en' : 'id';
  const name = NAMES[other];
  const change = async () => {
    setSwitching(true);
    try {
      const { changeLanguage } = await import('../../lib/change-language');
      await changeLanguage(other, { customer, queryClient });
    } finally {
      setSwitching(false);
    }
  };
  return (
    <button
      type="button"
      lang={other}
      title={name.long}
      disabled={switching}
      onClick={() => void change()}
      className={cn(
        'min-h-11 min-w-11 rounded-full px-3 font-display text-sm font-medium text-espresso hover:bg-espresso/10 disabled:opacity-60',
        className,
      )}
    >
      {long ? (
        name.long
      ) : (
        // The code on screen, the whole name read out after it: the button's name holds what it shows.
        <>
          {name.short}
          <span className="sr-only"> {name.long}</span>
        </>
      )}
    </button>
  );
}
