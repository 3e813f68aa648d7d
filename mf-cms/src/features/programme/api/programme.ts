import { api, type Result } from '@especifica/mf-shared';
import {
  type AuditRecord,
  type AutomaticReviewToday,
  auditQuerySchema,
  type CreateFaqBody,
  createFaqBodySchema,
  type FaqEntry,
  faqQuerySchema,
  type Level,
  type ProfessionRules,
  type RegulationDraft,
  type RegulationPreview,
  type RegulationVersion,
  type Settings,
  type UpdateLevelsBody,
  type UpdateProfessionRulesBody,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page, queryKeys } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

/** The programme's own settings (domain: points, levels): under `cms`, refreshed by every change of them. */
export const programmeKeys = {
  settings: [...queryKeys.cms, 'programme', 'settings'] as const,
  levels: [...queryKeys.cms, 'programme', 'levels'] as const,
  reviewToday: [...queryKeys.cms, 'programme', 'review-today'] as const,
};

export const getSettings = (): Promise<Result<Settings>> => api.get('/cms/config/get-settings');
export const saveSettings = (settings: Settings): Promise<Result<{ msg: string }>> =>
  api.post('/cms/config/update-settings', settings);

/** What the automatic review did today (docs/invoice-trust.md). */
export const getReviewToday = (): Promise<Result<AutomaticReviewToday>> => api.get('/cms/jobs/automatic-review/today');

export const getLevels = (): Promise<Result<{ items: Level[] }>> => api.get('/cms/config/get-levels');
export const saveLevels = (body: UpdateLevelsBody): Promise<Result<{ items: Level[] }>> =>
  api.post('/cms/config/update-levels', body);

const AUDIT_URL = '/cms/audit/get-all';
const auditListSchema = z.omit(auditQuerySchema, { format: true });

/** The audit log (domain: notifications and audit): who, when, what, before and after; the file has every match. */
export const auditLog = defineResource<AuditRecord, z.infer<typeof auditListSchema>>({
  name: 'cms-audit',
  query: auditListSchema,
  list: (query) => api.get<Page<AuditRecord>>(AUDIT_URL, { ...query }),
  id: (record) => record.id,
  label: (record) => `${record.action} ${record.entity}`,
  exports: {
    csv: { url: `${AUDIT_URL}?format=csv`, filename: 'auditoria.csv' },
    xlsx: { url: `${AUDIT_URL}?format=xlsx`, filename: 'auditoria.xlsx' },
  },
});

/** The things an admin change is recorded against, as the API names them. */
export const auditEntities = [
  'accelerator',
  'cms-user',
  'consultant',
  'customer',
  'experience',
  'experience-category',
  'extra-point',
  'extra-point-grant',
  'faq',
  'invoice',
  'ledger',
  'levels',
  'notifications',
  'product',
  'professional',
  'regulation',
  'settings',
  'store',
  'store-invite',
  'store-user',
] as const;

export const regulationKey = [...queryKeys.cms, 'programme', 'regulation'] as const;
export const getRegulationVersions = (): Promise<Result<{ items: RegulationVersion[] }>> =>
  api.get('/cms/regulation/get-all');
export const previewRegulation = (draft: RegulationDraft): Promise<Result<RegulationPreview>> =>
  api.post('/cms/regulation/preview', draft);
export const publishRegulation = (draft: RegulationDraft): Promise<Result<{ msg: string; item: RegulationVersion }>> =>
  api.post('/cms/regulation/publish', draft);

/** FAQ topics and questions (participants read the active ones by topic, in the order given). */
export const faqEntries = defineResource<FaqEntry, z.infer<typeof faqQuerySchema>>({
  name: 'cms-faq',
  query: faqQuerySchema,
  defaults: { sort: 'position' },
  list: (query) => api.get<Page<FaqEntry>>('/cms/faq/get-all', { ...query }),
  id: (entry) => entry.id,
  label: (entry) => entry.question,
  status: {
    isActive: (entry) => entry.active,
    change: (entry, active) => api.post('/cms/faq/change-status', { id: entry.id, active }),
  },
});

export type FaqValues = Omit<CreateFaqBody, 'active'>;
export const faqFormSchema = z.omit(createFaqBodySchema, { active: true });

export const saveFaq = (entry: FaqEntry | null, values: FaqValues): Promise<Result<{ msg: string }>> =>
  entry ? api.post('/cms/faq/update', { id: entry.id, ...values }) : api.post('/cms/faq/create', values);
export const removeFaq = (entry: FaqEntry): Promise<Result<{ msg: string }>> =>
  api.post('/cms/faq/remove', { id: entry.id });

/** The rules per profession (domain.md, "Rules per profession"): read and saved as one list. */
export const professionRulesKey = [...queryKeys.cms, 'programme', 'profession-rules'] as const;
export const getProfessionRules = (): Promise<Result<ProfessionRules>> => api.get('/cms/config/get-profession-rules');
export const saveProfessionRules = (body: UpdateProfessionRulesBody): Promise<Result<ProfessionRules>> =>
  api.post('/cms/config/update-profession-rules', body);
