import { api, type Result } from '@especifica/mf-shared';
import type {
  EmailAvailability,
  MessageResponse,
  PublicProfessionRules,
  ShopkeeperCreate,
  StoreSummary,
} from '@especifica/mf-shared/contracts';

export const createProfessional = (form: FormData) =>
  api.post<{ msg: string; id: string }>('/professionals/create', form);

export const completeProfessional = (form: FormData) =>
  api.post<{ msg: string; status: 'active' | 'awaiting_email' }>('/professionals/update', form);

export const emailAvailability = (email: string): Promise<Result<EmailAvailability>> =>
  api.get<EmailAvailability>('/professionals/get-email', { email });

/** Records the started sign-up (spec 7.2); a failure here never stops the person. */
export const preRegister = (form: {
  name: string;
  email: string;
  cellphone?: string;
  referenceStore?: string;
  referenceSeller?: string;
}) => api.post<MessageResponse>('/auth/pre-register', { form });

export const storeByCnpj = (cnpj: string) => api.get<StoreSummary>('/shopkeeper/get-store-by-cnpj', { cnpj });

export const createShopkeeper = (body: ShopkeeperCreate) => api.post<MessageResponse>('/shopkeeper/create', body);

export const validateEmail = (id: string) => api.post<MessageResponse>('/professionals/validate-email', { id });

export const currentTerms = () => api.get<{ version: number; title: string; content: string }>('/auth/terms/current');

/** Each profession's rules as sign-up shows them: what it earns and its text (public; rules per profession). */
export const professionRulesKey = ['public', 'profession-rules'] as const;
export const publicProfessionRules = () => api.get<PublicProfessionRules>('/auth/profession-rules');
