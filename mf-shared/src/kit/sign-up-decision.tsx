import type { Result } from '@especifica/mf-shared';
import { useConfirm } from '@especifica/mf-shared/controls';
import { Button, useTranslation } from '@especifica/mf-shared/ui';
import type { QueryKey } from '@tanstack/react-query';
import { useApiMutation } from './data';
import { registerKitTexts } from './texts';

// When the kit loads, not when the shell was built: see registerKitTexts.
registerKitTexts();

export type SignUpApproval = 'approved' | 'refused';

export interface SignUpDecisionProps {
  /** The shopkeeper who signed up alone, and the store they chose. */
  person: { name: string; storeName: string };
  /** Records the decision; the answer's `msg` is the success toast. */
  decide: (approval: SignUpApproval) => Promise<Result<{ msg: string }>>;
  /** What the decision changes (the list of pending sign-ups). */
  invalidates: QueryKey[];
  /**
   * Who decides. The store's manager confirms both ways, being told what the person may do in the store; the admin,
   * who sees every store, approves at once and confirms a refusal that names the store.
   */
  by: 'manager' | 'admin';
}

/** "Aprovar" and "Recusar" for a shopkeeper's self sign-up: a refusal closes the account, so it asks first. */
export function SignUpDecision({ person, decide, invalidates, by }: SignUpDecisionProps) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const mutation = useApiMutation(decide, { invalidates, success: (answer) => answer.msg });
  const names = { name: person.name, store: person.storeName };
  const ask = async (approval: SignUpApproval) => {
    const approving = approval === 'approved';
    const asks = !approving || by === 'manager';
    const yes =
      !asks ||
      (await confirm({
        title: t(approving ? 'kit.signUp.approveTitle' : 'kit.signUp.refuseTitle', names),
        description: t(
          approving
            ? 'kit.signUp.approveDescription'
            : by === 'admin'
              ? 'kit.signUp.refuseInStoreDescription'
              : 'kit.signUp.refuseDescription',
          names,
        ),
        confirmLabel: t(approving ? 'kit.signUp.approve' : 'kit.signUp.refuse'),
        destructive: !approving,
      }));
    if (yes) await mutation.run(approval);
  };
  return (
    <>
      {(['approved', 'refused'] as const).map((approval) => {
        const verb = approval === 'approved' ? 'approve' : 'refuse';
        return (
          <Button
            key={approval}
            size="sm"
            variant={approval === 'approved' ? 'solid' : 'outline'}
            colorPalette={approval === 'approved' ? 'primary' : 'error'}
            disabled={mutation.isPending}
            onClick={() => void ask(approval)}
            aria-label={t(`kit.signUp.${verb}Of`, names)}
          >
            {t(`kit.signUp.${verb}`)}
          </Button>
        );
      })}
      {dialog}
    </>
  );
}
