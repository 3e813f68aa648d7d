import type { Campaign } from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { useConfirm } from '@especifica/mf-shared/forms';
import { formatDate, resourceKey, Section, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { firstPage, PagedCards } from '@especifica/mf-shared/list';
import { Badge, Box, Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import {
  type Audience,
  campaigns,
  historyKey,
  type Member,
  membersKey,
  membersOf,
  removeMember,
} from '../api/extra-points';
import { CampaignQr } from './campaign-qr';
import { GiveCampaign } from './give-campaign';

/** One campaign beside its list: its QR code, giving it to many at once, and who has it (removing one). */
export function CampaignDrawer({
  audience,
  campaign,
  onClose,
}: {
  audience: Audience;
  campaign: Campaign | null;
  onClose: () => void;
}) {
  return (
    <Drawer open={campaign !== null} onClose={onClose} title={campaign?.name}>
      {campaign && <CampaignDetail key={campaign.id} audience={audience} campaign={campaign} />}
    </Drawer>
  );
}

function CampaignDetail({ audience, campaign }: { audience: Audience; campaign: Campaign }) {
  const { t } = useTranslation();
  return (
    <Stack gap="8">
      <Section title={t('campaigns.qrTitle')}>
        <CampaignQr campaign={campaign} />
      </Section>
      <Section title={t(`campaigns.giveTitle.${audience}`)}>
        <GiveCampaign audience={audience} campaign={campaign} />
      </Section>
      <Section title={t(`campaigns.membersTitle.${audience}`)}>
        <Members audience={audience} campaign={campaign} />
      </Section>
    </Stack>
  );
}

function Members({ audience, campaign }: { audience: Audience; campaign: Campaign }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(firstPage);
  const members = useApiQuery(
    [...membersKey(audience, campaign), paging],
    () => membersOf(audience, campaign, paging),
    {
      keepPrevious: true,
      silent: true,
    },
  );
  const { confirm, dialog } = useConfirm();
  const remove = useApiMutation((member: Member) => removeMember(audience, campaign, member), {
    invalidates: [resourceKey(campaigns(audience)), historyKey(audience)],
    success: (answer) => answer.msg,
  });
  const ask = async (member: Member) => {
    const yes = await confirm({
      title: t('campaigns.removeTitle', { name: member.name }),
      description: t(`campaigns.removeDescription.${audience}`, { name: member.name, campaign: campaign.name }),
      confirmLabel: t('campaigns.remove'),
      destructive: true,
    });
    if (yes) await remove.run(member);
  };

  return (
    <>
      <PagedCards
        query={members}
        paging={paging}
        onPaging={setPaging}
        empty={t(`campaigns.noMembers.${audience}`)}
        summary={(data) => t('campaigns.membersCount', { count: data.total })}
        id={(member) => member.id}
        data-testid="campaign-members"
      >
        {(member) => (
          <>
            <Box flex="1" minW="180px">
              <Text fontWeight="bold">{member.name}</Text>
              <Text fontSize="sm" color="muted" wordBreak="break-all">
                {member.detail} · {formatDate(member.createdAt)}
              </Text>
            </Box>
            {member.status === 'granted' ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="error"
                aria-label={t('campaigns.removeOne', { name: member.name })}
                onClick={() => void ask(member)}
              >
                {t('campaigns.remove')}
              </Button>
            ) : (
              <Badge colorPalette="stone">{t('campaigns.removed')}</Badge>
            )}
          </>
        )}
      </PagedCards>
      {dialog}
    </>
  );
}
