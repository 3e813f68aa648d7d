import { api } from '@especifica/mf-shared';
import type {
  AdminProfile,
  AdminUpdateMe,
  ProfileImageResponse,
  ProfileUpdated,
} from '@especifica/mf-shared/contracts';

export const getMe = () => api.get<AdminProfile>('/cms/users/me');

export const updateMe = (body: AdminUpdateMe) => api.post<ProfileUpdated>('/cms/users/update-me', body);

export function setProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<ProfileImageResponse>('/cms/users/set-profile-image', form);
}
