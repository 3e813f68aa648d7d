import { formatPoints } from '@especifica/mf-shared';
import type { Campaign } from '@especifica/mf-shared/contracts';
import { DateField, Form, PointsField, SubmitButton, TextField } from '@especifica/mf-shared/forms';
import { formatDate, formatLastDay, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Button, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';
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

/**
 * /cms/professionals/extra-points and /cms/shopkeepers/extra-points: the campaigns of one audience; create and edit
 * in the drawer, switch on and off in the list, and "Gerenciar" for the QR code, giving and who has it.
 */
export function CampaignsPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const [managing, setManaging] = useState<Campaign | null>(null);
  const resource = campaigns(audience);

  const columns = useMemo<Columns<Campaign>>(
    () => [
      { accessorKey: 'name', header: t('campaigns.name'), meta: { sort: 'name' } },
      {
        accessorKey: 'points',
        header: t('campaigns.points'),
        cell: ({ getValue }) => formatPoints(getValue<number>()),
        meta: { sort: 'points', numeric: true },
      },
      {
        accessorKey: 'startsAt',
        header: t('campaigns.period'),
        cell: ({ row }) =>
          t('campaigns.periodValue', {
            from: formatDate(row.original.startsAt),
            to: formatLastDay(row.original.endsAt),
          }),
        meta: { sort: 'startsAt' },
      },
      {
        accessorKey: 'granted',
        header: audience === 'professional' ? t('campaigns.grantedProfessionals') : t('campaigns.grantedShopkeepers'),
        meta: { numeric: true },
      },
    ],
    [t, audience],
  );

  return (
    <PageLayout
      title={t(`campaigns.title.${audience}`)}
      description={t(`campaigns.description.${audience}`)}
      width="wide"
    >
      <ResourceList
        resource={resource}
        columns={columns}
        caption={t(`campaigns.title.${audience}`)}
        search={t('campaigns.search')}
        filters={[
          {
            key: 'active',
            label: t('campaigns.status'),
            options: [
              { value: 'true', label: t('kit.active') },
              { value: 'false', label: t('kit.inactive') },
            ],
          },
        ]}
        statusColumn={t('campaigns.status')}
        empty={{ title: t('campaigns.empty'), description: t('campaigns.emptyHint') }}
        rowActions={(campaign) => (
          <Button size="sm" variant="outline" onClick={() => setManaging(campaign)}>
            {t('campaigns.manage')}
          </Button>
        )}
        form={{
          createTitle: t('campaigns.create'),
          editTitle: t('campaigns.edit'),
          render: (campaign, done) => <CampaignForm audience={audience} campaign={campaign} done={done} />,
        }}
      />
      <CampaignDrawer audience={audience} campaign={managing} onClose={() => setManaging(null)} />
    </PageLayout>
  );
}

function CampaignForm({
  audience,
  campaign,
  done,
}: {
  audience: Audience;
  campaign: Campaign | null;
  done: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit } = useDrawerForm({
    schema: campaignFormSchema,
    defaultValues: valuesOf(campaign),
    save: (values: CampaignValues) => saveCampaign(audience, campaign, values),
    invalidates: [resourceKey(campaigns(audience))],
    done,
  });
  return (
    <Form form={form} onSubmit={submit} serverFields={{ startsAt: 'startsOn', endsAt: 'endsOn' }}>
      <Stack gap="4">
        <TextField<CampaignValues> name="name" label={t('campaigns.name')} />
        <TextField<CampaignValues> name="description" label={t('campaigns.descriptionField')} />
        <PointsField<CampaignValues>
          name="points"
          label={t('campaigns.points')}
          helper={campaign && campaign.granted > 0 ? t('campaigns.pointsLocked') : undefined}
          readOnly={Boolean(campaign && campaign.granted > 0)}
        />
        <DateField<CampaignValues> name="startsOn" label={t('campaigns.startsOn')} />
        <DateField<CampaignValues> name="endsOn" label={t('campaigns.endsOn')} />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalCampaignsPage = () => <CampaignsPage audience="professional" />;
export const ShopkeeperCampaignsPage = () => <CampaignsPage audience="shopkeeper" />;
