import { api } from '@especifica/mf-shared';
import type { ProfileData, ProfileImageResponse, ProfileUpdated } from '@especifica/mf-shared/contracts';

export const getProfile = () => api.get<ProfileData>('/professionals/get-profile-data');

export const updateProfessional = (form: FormData) => api.post<ProfileUpdated>('/professionals/update-me', form);

export const updateShopkeeper = (form: FormData) => api.post<ProfileUpdated>('/shopkeeper/update-me', form);

export function setProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<ProfileImageResponse>('/professionals/set-profile-image', form);
}

/** Multipart: nested objects as JSON, the rest as text (the server's update-me contract). */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}
