import type { QueryClient } from '@tanstack/react-query';
import { switchLanguage, type Language } from './i18n';
import { saveLanguage } from './save-language';

/**
 * What the language switch does, loaded on its first use (no first screen waits for it): the screens switch where they
 * stand, a signed-in customer's profile keeps the choice (their mails and pushes follow it; a profile not saved now is
 * saved at the next switch), and the API's texts on screen are asked for again in the new language.
 */
export async function changeLanguage(language: Language, { customer, queryClient }: { customer: boolean; queryClient: QueryClient }): Promise<void> {
  await switchLanguage(language);
  if (customer) await saveLanguage(language).catch(() => undefined);
  await queryClient.invalidateQueries();
}
