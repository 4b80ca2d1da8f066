import { useEffect, useState } from 'react';
import type { PaymentMethod } from '@coffee/contract';

/** The wallets a deep link opens on the same device: no use on a computer, where QRIS is scanned with the phone. */
const PHONE_ONLY: readonly PaymentMethod[] = ['gopay', 'shopeepay'];
const PHONE_QUERY = '(pointer: coarse)';

/** True on a touch-first device (a phone or tablet): the one the wallet app is on. Follows a change of the pointer. */
export function usePhone(): boolean {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(PHONE_QUERY) : undefined;
  const [phone, setPhone] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = () => setPhone(query.matches);
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, [query]);
  return phone;
}

/** The shop's methods this device can use: GoPay and ShopeePay on a phone only. */
export function offeredMethods<T extends readonly PaymentMethod[] | undefined>(methods: T, phone: boolean): T {
  return (phone || !methods ? methods : methods.filter((m) => !PHONE_ONLY.includes(m))) as T;
}
