import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/demo-data/load-demo-accounts.js';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('knows a few hundred of the most common passwords, ignoring case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(300);
    for (const p of ['password', 'Password1', 'QWERTY123', 'iloveyou', '12345678', 'Sunshine1']) expect(isCommonPassword(p)).toBe(true);
  });

  it('lets ordinary passphrases and the documented demo passwords through', () => {
    for (const p of ['Correct-Horse-Battery-42', 'kopi susu di pagi hari', ...DEMO_ACCOUNTS.map((a) => a.password)]) {
      expect(isCommonPassword(p)).toBe(false);
    }
  });
});
