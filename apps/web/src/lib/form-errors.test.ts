import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './form-errors';

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
