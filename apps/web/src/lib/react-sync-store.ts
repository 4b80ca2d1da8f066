/**
 * `use-sync-external-store/shim`, which @lingui/react imports for React before 18, as React 19 has it: the shim's own
 * code (a fallback for React 17) would otherwise ride in every first screen (vite.config.ts aliases it here).
 */
export { useSyncExternalStore } from 'react';
