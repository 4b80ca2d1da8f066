import { useSyncExternalStore } from 'react';

/**
 * Spec section 4: "logged in" means a login record exists in localStorage under '@userLogin'.
 * The record is the data object returned by POST /api/v1/auth/login, stored whole.
 */
export const LOGIN_RECORD_KEY = '@userLogin';

// The 'storage' event only fires in other tabs; this one tells the current tab.
const CHANGE_EVENT = 'coffee:login-record-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (privacy mode, sandboxed frames) reads as logged out.
    return null;
  }
}

export function readLoginRecord(): unknown {
  const raw = storage()?.getItem(LOGIN_RECORD_KEY);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeLoginRecord(record: unknown): void {
  storage()?.setItem(LOGIN_RECORD_KEY, JSON.stringify(record));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function removeLoginRecord(): void {
  storage()?.removeItem(LOGIN_RECORD_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOGIN_RECORD_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const hasLoginRecord = (): boolean => storage()?.getItem(LOGIN_RECORD_KEY) != null;

/** Re-renders when the record is written or removed, in this tab or another. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, hasLoginRecord, () => false);
}

/** A display name from the record, when it carries one (its fields are not fixed by the spec). */
export function loginRecordName(record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return null;
  const fields = record as Record<string, unknown>;
  for (const key of ['displayName', 'name', 'email']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}
