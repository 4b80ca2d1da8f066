import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Back to the previous page, or to `fallback` when this page was opened directly (no history to go back to). */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback);
    else void navigate(-1);
  }, [fallback, key, navigate]);
}
