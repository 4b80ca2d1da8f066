import { formatIdr } from '@coffee/contract';
import { currentLanguage, type Language } from './i18n';

/**
 * Rupiah as each language writes them: 'IDR 34.000' in English (the spec's form), 'Rp34.000' in Indonesian (the
 * spelling rule: no space; Intl's form puts a no-break space there). Both use the Indonesian thousands dot.
 */
export function money(rupiah: number, language: Language = currentLanguage()): string {
  const english = formatIdr(rupiah);
  return language === 'id' ? english.replace('IDR ', 'Rp') : english;
}
