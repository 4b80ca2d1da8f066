import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorSentence, formErrorText, serverFieldErrors } from './form-errors';
import { startLanguage } from './i18n';

describe('serverFieldErrors', () => {
  const labels = { currentPassword: 'Current password', phone: 'Mobile number', sizes: 'Sizes' };

  it("puts the field's label in place of its API name", () => {
    const error = new ApiError(400, 'currentPassword is incorrect', 'currentPassword');
    expect(serverFieldErrors(error, labels)).toEqual({ currentPassword: 'Current password is incorrect' });
  });

  it('reads every listed validation error, whose messages lack the field name', () => {
    const error = new ApiError(400, 'phone must have 6 to 15 digits', 'phone', [
      { field: 'phone', message: 'must have 6 to 15 digits' },
      { field: 'sizes.1.price', message: 'must be at least 1 (IDR 1.000)' },
    ]);
    expect(serverFieldErrors(error, labels)).toEqual({
      phone: 'Mobile number must have 6 to 15 digits',
      'sizes.1.price': 'Sizes must be at least 1 (IDR 1.000)',
    });
  });

  it('keeps a sentence that does not start with the field name, and ignores errors without a field', () => {
    expect(serverFieldErrors(new ApiError(415, 'Send the photo as multipart/form-data', 'photo'), {})).toEqual({
      photo: 'Send the photo as multipart/form-data',
    });
    expect(serverFieldErrors(new ApiError(500, 'Something went wrong'), labels)).toEqual({});
    expect(serverFieldErrors(new Error('boom'), labels)).toEqual({});
  });
});

describe('form errors in Indonesian', () => {
  afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

  it("reads the contract's English texts in the current language, and keeps any other text", async () => {
    expect(fieldErrorSentence('Address', 'must be text')).toBe('Address must be text');
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    expect(formErrorText('is required')).toBe('wajib diisi');
    expect(fieldErrorSentence('Alamat', 'must be text')).toBe('Alamat harus berupa teks');
    // Already in the screen's language (the API's), or no message of the contract: as it came.
    expect(formErrorText('harus berupa teks')).toBe('harus berupa teks');
  });
});
