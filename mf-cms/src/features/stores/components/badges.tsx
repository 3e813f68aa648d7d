import type { ShopkeeperApproval, ShopkeeperType } from '@especifica/mf-shared/contracts';
import { StateBadge } from '@especifica/mf-shared/kit';

/** Vendedor, gerente or consultor (the kit's badge of the concept). */
export function ShopkeeperTypeBadge({ type }: { type: ShopkeeperType }) {
  return <StateBadge concept="shopkeeperType" state={type} />;
}

/** Active or not, as a badge; a store is "Ativa", a person "Ativo". */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  return <StateBadge concept={feminine ? 'storeActive' : 'personActive'} state={active ? 'active' : 'inactive'} />;
}

/** Pendente or recusado; an approved account shows nothing. */
export function ApprovalBadge({ approval }: { approval: ShopkeeperApproval }) {
  if (approval === 'approved') return null;
  return <StateBadge concept="signUp" state={approval} />;
}
