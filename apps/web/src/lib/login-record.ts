import { useSyncExternalStore } from 'react';
import type { AuthUser } from '@coffee/contract';
import { isAuthUser } from './contract-schema';

/**
 * "Logged in" means a login record exists in localStorage under '@userLogin'.
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

export type RecordRemoval = 'session-ended' | 'signed-out';
// Why the record last went away in this tab: the server no longer knew the session (a 401), or Logout.
let lastRemoval: RecordRemoval | null = null;

/** Why the record was last removed, so the login page can say "your session has ended"; null when signed in since. */
export const lastRecordRemoval = (): RecordRemoval | null => lastRemoval;

export function writeLoginRecord(record: unknown): void {
  lastRemoval = null;
  storage()?.setItem(LOGIN_RECORD_KEY, JSON.stringify(record));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Private answers a screen keeps on the device for reading offline (the points card) live under this prefix, and go
 * with the login record: on a shared device they must not outlive the session.
 */
export const PRIVATE_KEY_PREFIX = '@private:';

export function removeLoginRecord(reason: RecordRemoval = 'signed-out'): void {
  lastRemoval = reason;
  const store = storage();
  store?.removeItem(LOGIN_RECORD_KEY);
  if (store) {
    const kept = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key) => key?.startsWith(PRIVATE_KEY_PREFIX));
    for (const key of kept) if (key) store.removeItem(key);
  }
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
const rawLoginRecord = (): string | null => storage()?.getItem(LOGIN_RECORD_KEY) ?? null;

/** The record as the screens read it, parsed and checked once per text of the record. */
let checkedRecord: { raw: string; user: AuthUser | null } | null = null;

function checkedUser(raw: string): AuthUser | null {
  if (checkedRecord?.raw !== raw) {
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      record = undefined;
    }
    checkedRecord = { raw, user: isAuthUser(record) ? record : null };
  }
  return checkedRecord.user;
}

/**
 * The signed-in user from the record (id, email, role, displayName, photoUrl), null when there is none or it is not
 * one; re-renders when it changes.
 */
export function useLoginRecord(): AuthUser | null {
  const raw = useSyncExternalStore(subscribe, rawLoginRecord, () => null);
  return raw === null ? null : checkedUser(raw);
}

/**
 * Merges newer account facts (a new display name or photo) into the record, keeping its shape;
 * does nothing for a visitor, so a late answer cannot sign anyone back in.
 */
export function updateLoginRecord(changes: Partial<AuthUser>): void {
  const current = readLoginRecord();
  if (typeof current !== 'object' || current === null) return;
  writeLoginRecord({ ...current, ...changes });
}

/** Re-renders when the record is written or removed, in this tab or another. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, hasLoginRecord, () => false);
}

/** A display name from the record, when it carries one (it is the login answer stored whole, so its fields may change). */
export function loginRecordName(record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return null;
  const fields = record as Record<string, unknown>;
  for (const key of ['displayName', 'name', 'email']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}
