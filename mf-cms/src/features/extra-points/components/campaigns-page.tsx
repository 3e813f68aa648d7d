import { formatPoints } from '@especifica/mf-shared';
import type { Campaign } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm } from '@especifica/mf-shared/forms';
import { formatDate, formatLastDay, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { activeFilter, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type Audience,
  type CampaignValues,
  campaignFormSchema,
  campaigns,
  saveCampaign,
  valuesOf,
} from '../api/extra-points';
import { CampaignDrawer } from './campaign-drawer';

/** The campaigns of one audience, switched on and off in the list, created and edited in the drawer. */
const campaignList = (audience: Audience) =>
  defineList<Campaign>({
    resource: campaigns(audience),
    caption: `campaigns.title.${audience}`,
    search: 'campaigns.search',
    headers: 'campaigns',
    columns: [
      { key: 'name', sort: true },
      {
        key: 'points',
        sort: true,
        numeric: true,
        cell: (campaign) => formatPoints(campaign.points),
      },
      {
        key: 'startsAt',
        header: 'campaigns.period',
        sort: true,
        cell: (campaign, t) =>
          t('campaigns.periodValue', { from: formatDate(campaign.startsAt), to: formatLastDay(campaign.endsAt) }),
      },
      {
        key: 'granted',
        header: audience === 'professional' ? 'campaigns.grantedProfessionals' : 'campaigns.grantedShopkeepers',
        numeric: true,
      },
    ],
    filters: [activeFilter('campaigns.status')],
    status: 'campaigns.status',
    empty: {
      title: 'campaigns.empty',
      description: 'campaigns.emptyHint',
      drawing: 'points',
      next: { label: 'cmsNext.createCampaign', create: true },
    },
    actions: [{ key: 'manage', label: 'campaigns.manage' }],
    form: {
      create: 'campaigns.create',
      edit: 'campaigns.edit',
      render: (campaign, done) => <CampaignForm audience={audience} campaign={campaign} done={done} />,
    },
  });

const campaignLists = { professional: campaignList('professional'), shopkeeper: campaignList('shopkeeper') };

/**
 * /cms/professionals/extra-points and /cms/shopkeepers/extra-points: the campaigns of one audience; create and edit
 * in the drawer, switch on and off in the list, and "Gerenciar" for the QR code, giving and who has it.
 */
export function CampaignsPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const [managing, setManaging] = useState<Campaign | null>(null);
  return (
    <PageLayout
      title={t(`campaigns.title.${audience}`)}
      description={t(`campaigns.description.${audience}`)}
      width="wide"
    >
      <ResourceList list={campaignLists[audience]} on={{ manage: setManaging }} />
      <CampaignDrawer audience={audience} campaign={managing} onClose={() => setManaging(null)} />
    </PageLayout>
  );
}

/** Points already granted are locked: the server refuses to change them. */
const pointsLocked = (campaign: Campaign | null) => Boolean(campaign && campaign.granted > 0);

const campaignForm = defineForm<CampaignValues, Campaign>({
  labels: 'campaigns',
  fields: [
    { name: 'name' },
    { name: 'description', label: 'campaigns.descriptionField' },
    {
      name: 'points',
      type: 'points',
      helper: (campaign) => (pointsLocked(campaign) ? 'campaigns.pointsLocked' : undefined),
      readOnly: pointsLocked,
    },
    { name: 'startsOn', type: 'date' },
    { name: 'endsOn', type: 'date' },
  ],
  serverFields: { startsAt: 'startsOn', endsAt: 'endsOn' },
});

function CampaignForm({
  audience,
  campaign,
  done,
}: {
  audience: Audience;
  campaign: Campaign | null;
  done: () => void;
}) {
  const { form, submit } = useDrawerForm({
    schema: campaignFormSchema,
    defaultValues: valuesOf(campaign),
    save: (values: CampaignValues) => saveCampaign(audience, campaign, values),
    invalidates: [resourceKey(campaigns(audience))],
    done,
  });
  return <DeclaredForm form={campaignForm} state={form} onSubmit={submit} item={campaign} />;
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalCampaignsPage = () => <CampaignsPage audience="professional" />;
export const ShopkeeperCampaignsPage = () => <CampaignsPage audience="shopkeeper" />;
