import { formatPoints } from '@especifica/mf-shared';
import type { Campaign } from '@especifica/mf-shared/contracts';
import { QrPanel } from '@especifica/mf-shared/controls';
import { formatDate, formatLastDay } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { campaignQrUrl } from '../api/extra-points';

/** The campaign's QR code: the participant's page with the campaign's secret, to show, print or download. */
export function CampaignQr({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  return (
    <QrPanel
      value={campaignQrUrl(campaign)}
      label={t('campaigns.qrLabel', { name: campaign.name })}
      fileName={`qrcode-${campaign.id}`}
      hint={t('campaigns.qrHint')}
      print={{
        title: campaign.name,
        lines: [
          t('campaigns.qrPoints', { points: formatPoints(campaign.points), count: campaign.points }),
          t('campaigns.periodValue', { from: formatDate(campaign.startsAt), to: formatLastDay(campaign.endsAt) }),
        ],
      }}
    />
  );
}
