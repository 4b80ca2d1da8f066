import { ErrorResponse, UpdateProfileInput, UserProfileResponse } from '@coffee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../lib/current-user.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { AttemptLimit } from '../../plugins/rate-limit.js';
import { readMultipartForm, registerUploads } from '../../plugins/uploads.js';
import type { UserService } from './users.service.js';

export interface UserRoutesOptions {
  users: UserService;
  /** Profile photo uploads per account (PHOTO_UPLOAD_LIMIT_PER_ACCOUNT). */
  photoUploads: AttemptLimit;
}

const TAGS = ['Accounts'];
const PHOTO_RULES =
  'multipart/form-data with the file in the field `photo`: JPEG, PNG, WebP or GIF (checked by content), at most ' +
  '5 MB and 24 megapixels (else 413). It is re-encoded (upright, within 1200x1200, metadata removed) and replaces ' +
  'the old photo. An account may upload PHOTO_UPLOAD_LIMIT_PER_ACCOUNT photos (10) per PICTURE_UPLOAD_WINDOW_MINUTES ' +
  '(10); past that 429 with Retry-After. While the shop is busy decoding other pictures (a full waiting line) 503 ' +
  'with Retry-After, nothing stored: send the same photo again then.';

/** The profile screen: your own account only, so no id in the path. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { users, photoUploads }) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags: TAGS,
        summary: 'My profile',
        response: { 200: UserProfileResponse, 401: ErrorResponse },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await users.getProfile(requireUser(request).id) };
    },
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Change my profile',
        description:
          'Only the fields sent change; `null` clears date of birth and gender. The email cannot be changed here. ' +
          'To change the password use POST /auth/password.',
        body: UpdateProfileInput,
        response: { 200: UserProfileResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
      onRequest: signedIn,
    },
    async (request) => ({ data: await users.updateProfile(requireUser(request).id, request.body) }),
  );

  // The photo upload has its own scope with the multipart parser, so its hooks run for this route only (see
  // registerUploads).
  const photoUpload: FastifyPluginAsyncZod = async (uploads) => {
    await registerUploads(uploads);

    uploads.put(
      '/users/me/photo',
      {
        schema: {
          tags: TAGS,
          summary: 'Upload my profile photo',
          description: PHOTO_RULES,
          consumes: ['multipart/form-data'],
          response: {
            200: UserProfileResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
            503: ErrorResponse,
          },
        },
        // Checked before the body is read: a visitor's upload, or one past the account's limit, is never received.
        onRequest: [signedIn, async (request) => photoUploads.hit(request, String(requireUser(request).id))],
      },
      async (request) => {
        const user = requireUser(request);
        if (!request.isMultipart()) {
          throw new AppError(415, /*i18n*/ 'Send the photo as multipart/form-data, with the file in the field "photo"', 'photo');
        }
        const { file } = await readMultipartForm(request, 'photo');
        if (!file) throw badRequest(/*i18n*/ 'Please choose a picture to upload.', 'photo');
        return { data: await users.setProfilePhoto(user.id, file) };
      },
    );
  };
  await app.register(photoUpload);

  app.delete(
    '/users/me/photo',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove my profile photo',
        response: { 200: UserProfileResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
      onRequest: signedIn,
    },
    async (request) => ({ data: await users.removeProfilePhoto(requireUser(request).id) }),
  );
};
