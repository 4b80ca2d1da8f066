import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserProfileResponse } from '@coffee/contract';
import type { UpdateProfileInput, UserProfile } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { updateLoginRecord } from '../../../lib/login-record';
import { profileQueryOptions } from './get-profile';

/** PATCH /api/v1/users/me: only the fields sent change; null clears date of birth and gender. */
export async function updateProfile(changes: UpdateProfileInput): Promise<UserProfile> {
  const { data } = await apiRequest('/users/me', { method: 'PATCH', body: changes, schema: UserProfileResponse });
  return data;
}

/** PUT /api/v1/users/me/photo: multipart, the file in `photo`; the server checks and re-encodes it. */
export async function uploadProfilePhoto(file: File): Promise<UserProfile> {
  const body = new FormData();
  body.append('photo', file);
  const { data } = await apiRequest('/users/me/photo', { method: 'PUT', body, schema: UserProfileResponse });
  return data;
}

/** DELETE /api/v1/users/me/photo */
export async function removeProfilePhoto(): Promise<UserProfile> {
  const { data } = await apiRequest('/users/me/photo', { method: 'DELETE', schema: UserProfileResponse });
  return data;
}

/** Every profile write ends the same way: the cached profile and the login record (navbar name, avatar) follow. */
function useProfileWrite<TInput>(write: (input: TInput) => Promise<UserProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      updateLoginRecord({ displayName: profile.displayName, photoUrl: profile.photoUrl });
    },
  });
}

export const useUpdateProfile = () => useProfileWrite(updateProfile);
export const useUploadProfilePhoto = () => useProfileWrite(uploadProfilePhoto);
export const useRemoveProfilePhoto = () => useProfileWrite<void>(removeProfilePhoto);
