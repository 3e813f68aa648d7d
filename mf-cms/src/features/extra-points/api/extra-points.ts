import { api, type Result } from '@especifica/mf-shared';
import {
  type Campaign,
  type CampaignAudience,
  campaignsQuerySchema,
  type DocumentsAnswer,
  dateSchema,
  type ExtractGrantsQuery,
  extractGrantsQuerySchema,
  extraPointMessages,
  fieldMessages,
  formatCnpj,
  type Grant,
  nameSchema,
  positiveAmountSchema,
} from '@especifica/mf-shared/contracts';
import { daysOfPeriod, defineResource, type Page, periodOfDays, resourceKey } from '@especifica/mf-shared/kit';
import type { Paging } from '@especifica/mf-shared/list';
import { z } from 'zod/mini';

export type Audience = CampaignAudience;
type CampaignsQuery = z.infer<typeof campaignsQuerySchema>;

/**
 * Extra points campaigns (spec 7.7) of one audience: the professional and shop pages of the menu are this one
 * resource made for each (`campaigns('professional')`), not two copies.
 */
const campaignResources = {
  professional: makeCampaigns('professional'),
  shopkeeper: makeCampaigns('shopkeeper'),
};
export const campaigns = (audience: Audience) => campaignResources[audience];

function makeCampaigns(audience: Audience) {
  return defineResource<Campaign, CampaignsQuery>({
    name: `cms-campaigns-${audience}`,
    query: campaignsQuerySchema,
    list: (query) => api.get<Page<Campaign>>('/cms/points-extra/get-all', { ...query, audience }),
    id: (campaign) => campaign.id,
    label: (campaign) => campaign.name,
    status: {
      isActive: (campaign) => campaign.active,
      change: (campaign, active) => api.post('/cms/points-extra/change-status', { id: campaign.id, active }),
    },
  });
}

/** Every extra points movement of one audience: the history pages, filtered in the URL and exported as filtered. */
const historyResources = { professional: makeHistory('professional'), shopkeeper: makeHistory('shopkeeper') };
export const campaignHistory = (audience: Audience) => historyResources[audience];

function makeHistory(audience: Audience) {
  return defineResource<Grant, ExtractGrantsQuery>({
    name: `cms-campaign-history-${audience}`,
    query: extractGrantsQuerySchema,
    defaults: { type: audience },
    list: (query) => api.get<Page<Grant>>('/cms/points-extra/get-extract', { ...query, type: audience }),
    id: (grant) => grant.id,
    label: (grant) => `${grant.campaign.name}: ${grant.participant.name}`,
    exports: {
      csv: { url: `/cms/points-extra/get-extract?format=csv`, filename: 'pontos-extras.csv' },
      xlsx: { url: `/cms/points-extra/get-extract?format=xlsx`, filename: 'pontos-extras.xlsx' },
    },
  });
}

export const membersKey = (audience: Audience, campaign: Campaign) =>
  [...resourceKey(campaigns(audience)), 'members', campaign.id] as const;
export const historyKey = (audience: Audience) => resourceKey(campaignHistory(audience));

/** The campaign form: dates typed as DD/MM/YYYY, the period taken as whole days in São Paulo. */
export const campaignFormSchema = z
  .object({
    name: nameSchema(extraPointMessages.name, 120),
    description: z.string().check(z.trim(), z.maxLength(2000, fieldMessages.text)),
    points: positiveAmountSchema(),
    startsOn: dateSchema(),
    endsOn: dateSchema(),
  })
  .check(z.refine((value) => value.endsOn >= value.startsOn, { message: fieldMessages.period, path: ['endsOn'] }));
export type CampaignValues = z.infer<typeof campaignFormSchema>;

export const valuesOf = (campaign: Campaign | null): CampaignValues =>
  campaign
    ? {
        name: campaign.name,
        description: campaign.description,
        points: campaign.points,
        ...daysOfPeriod(campaign.startsAt, campaign.endsAt),
      }
    : { name: '', description: '', points: null as unknown as number, startsOn: '', endsOn: '' };

export const saveCampaign = (audience: Audience, campaign: Campaign | null, values: CampaignValues) => {
  const body = {
    name: values.name,
    description: values.description,
    points: values.points,
    ...periodOfDays(values),
  };
  return campaign
    ? api.post<{ msg: string; item: Campaign }>('/cms/points-extra/update', { id: campaign.id, ...body })
    : api.post<{ msg: string; item: Campaign }>('/cms/points-extra/create', { ...body, audience });
};

/** The address the campaign's QR code opens: the participant's page, with the campaign's secret. */
export const campaignQrUrl = (campaign: Campaign, origin = window.location.origin) =>
  `${origin}/point-extra/qrcode?${new URLSearchParams({ id: campaign.id, code: campaign.qrCode })}`;

/** Who has the campaign: professionals (one grant each) or stores (each with its shopkeepers). */
export interface Member {
  id: string;
  name: string;
  detail: string;
  status: 'granted' | 'removed';
  createdAt: string;
}

export const membersOf = async (
  audience: Audience,
  campaign: Campaign,
  params: Paging,
): Promise<Result<Page<Member>>> => {
  if (audience === 'professional') {
    const [data, error] = await api.get<Page<Grant>>(`/cms/points-extra/${campaign.id}`, { ...params });
    if (!data) return [null, error];
    return [
      {
        ...data,
        items: data.items.map((grant) => ({
          id: grant.participant.id,
          name: grant.participant.name,
          detail: grant.participant.email,
          status: grant.status,
          createdAt: grant.createdAt,
        })),
      },
      null,
    ];
  }
  const [data, error] = await api.get<Page<CampaignStore>>(`/cms/points-extra/${campaign.id}/store`, { ...params });
  if (!data) return [null, error];
  return [
    {
      ...data,
      items: data.items.map((store) => ({
        id: store.id,
        name: store.name,
        detail: formatCnpj(store.cnpj),
        status: store.status,
        createdAt: store.createdAt,
      })),
    },
    null,
  ];
};

interface CampaignStore {
  id: string;
  name: string;
  cnpj: string;
  status: 'granted' | 'removed';
  shopkeepers: number;
  createdAt: string;
}

export const removeMember = (audience: Audience, campaign: Campaign, member: Member) =>
  audience === 'professional'
    ? api.post<{ msg: string }>('/cms/points-extra/remove-extra-point-in-professional', {
        idExtraPoint: campaign.id,
        idProfessional: member.id,
      })
    : api.post<{ msg: string }>('/cms/points-extra/remove-extra-point-in-store', {
        idExtraPoint: campaign.id,
        idStore: member.id,
      });

/** Someone found in the picker: a professional (by name, e-mail or CPF) or a store (by name or CNPJ). */
export interface Candidate {
  id: string;
  name: string;
  /** The CPF or CNPJ, when the record has one. */
  document: string | null;
  detail: string;
}

export const searchCandidates = async (audience: Audience, search: string): Promise<Result<Candidate[]>> => {
  const params = { search, limit: 25, page: 1, sort: 'name' };
  if (audience === 'professional') {
    const [data, error] = await api.get<Page<{ id: string; name: string; email: string; cpf: string | null }>>(
      '/cms/professionals/get-all',
      params,
    );
    if (!data) return [null, error];
    return [data.items.map((p) => ({ id: p.id, name: p.name, document: p.cpf, detail: p.email })), null];
  }
  const [data, error] = await api.get<Page<{ id: string; name: string; cnpj: string }>>('/cms/stores/get-all', {
    ...params,
    active: true,
  });
  if (!data) return [null, error];
  return [data.items.map((s) => ({ id: s.id, name: s.name, document: s.cnpj, detail: formatCnpj(s.cnpj) })), null];
};

export type GiveAnswer = { msg: string; unknown: string[] };

/** Picked professionals go by id; picked stores by their CNPJ, through the same call as a pasted list. */
export const giveToPicked = async (
  audience: Audience,
  campaign: Campaign,
  picked: Candidate[],
): Promise<Result<GiveAnswer>> => {
  if (audience === 'professional') {
    const [data, error] = await api.post<{ msg: string }>('/cms/points-extra/add-extra-point-in-professional', {
      idExtraPoint: campaign.id,
      idProfessionals: picked.map((candidate) => candidate.id),
    });
    return data ? [{ msg: data.msg, unknown: [] }, null] : [null, error];
  }
  return giveToDocuments(
    campaign,
    picked.map((candidate) => candidate.document ?? ''),
  );
};

/** Splits a pasted list on commas, semicolons, spaces and line breaks. */
export const documentsIn = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

export const giveToDocuments = (campaign: Campaign, documents: string[]) =>
  api.post<DocumentsAnswer>('/cms/points-extra/add-by-documents', { idExtraPoint: campaign.id, documents });
