import type { ShopkeeperApproval, ShopkeeperType } from '@especifica/mf-shared/contracts';
import { Badge, useTranslation } from '@especifica/mf-shared/ui';

const palette = { seller: 'informative', manager: 'secondary', consultant: 'tertiary' } as const;

/** Vendedor, gerente or consultor. */
export function ShopkeeperTypeBadge({ type }: { type: ShopkeeperType }) {
  const { t } = useTranslation();
  return <Badge colorPalette={palette[type]}>{t(`cmsStores.types.${type}`)}</Badge>;
}

/** Active or not, as a badge; a store is "Ativa", a person "Ativo". */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const { t } = useTranslation();
  const label = feminine
    ? t(active ? 'cmsStores.active' : 'cmsStores.inactive')
    : t(active ? 'kit.active' : 'kit.inactive');
  return <Badge colorPalette={active ? 'success' : 'gray'}>{label}</Badge>;
}

const approvalPalette = { pending: 'quaternary', approved: 'success', refused: 'error' } as const;

/** Pendente or recusado; an approved account shows nothing. */
export function ApprovalBadge({ approval }: { approval: ShopkeeperApproval }) {
  const { t } = useTranslation();
  if (approval === 'approved') return null;
  return <Badge colorPalette={approvalPalette[approval]}>{t(`cmsStores.approvals.${approval}`)}</Badge>;
}
