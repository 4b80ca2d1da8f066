import type { Language } from './i18n';

/**
 * PATCH /api/v1/users/me `{ language }`: a signed-in customer's mails and notifications follow the screens' language.
 * Its code (and the contract's schema it checks the answer with) loads when a customer switches, never at start.
 */
export async function saveLanguage(language: Language): Promise<void> {
  const [{ apiRequest }, { UserProfileResponse }] = await Promise.all([import('./api-client'), import('@coffee/contract')]);
  await apiRequest('/users/me', { method: 'PATCH', body: { language }, schema: UserProfileResponse });
}
