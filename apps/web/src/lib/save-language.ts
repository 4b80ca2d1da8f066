import { apiRequest } from './api-client';
import { contractSchema } from './contract-schema';
import type { Language } from './i18n';

/**
 * PATCH /api/v1/users/me `{ language }`: a signed-in customer's mails and notifications follow the screens' language.
 * The answer's schema is named, not imported: zod stays off the layout's code (lib/contract-schema.ts).
 */
export async function saveLanguage(language: Language): Promise<void> {
  await apiRequest('/users/me', { method: 'PATCH', body: { language }, schema: contractSchema('UserProfileResponse') });
}
