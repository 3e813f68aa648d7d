import { Button, HStack, Switch, Text } from '@chakra-ui/react';
import type { Result } from '@especifica/mf-shared';
import { useApiMutation } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { UNDO_MS } from './undo';

export interface StatusSwitchProps {
  active: boolean;
  /** Names the switch for screen readers and the confirmation ("Status de Ana"). */
  name: string;
  change: (active: boolean) => Promise<Result<unknown>>;
  invalidates: QueryKey[];
}

/**
 * Active/inactive with a 5-second undo: the change is saved at once (nothing is lost if the person leaves), and
 * "Desfazer" beside the switch puts it back while it shows.
 */
export function StatusSwitch({ active, name, change, invalidates }: StatusSwitchProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(active);
  const [undo, setUndo] = useState<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mutation = useApiMutation((next: boolean) => change(next), { invalidates });

  useEffect(() => setShown(active), [active]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = async (next: boolean, offerUndo: boolean) => {
    const previous = shown;
    setShown(next);
    clearTimeout(timer.current);
    setUndo(null);
    const [, error] = await mutation.run(next);
    if (error) {
      setShown(previous);
      return;
    }
    if (offerUndo) {
      setUndo(previous);
      timer.current = setTimeout(() => setUndo(null), UNDO_MS);
    }
  };

  return (
    <HStack gap="2" justify="inherit">
      <Switch.Root
        checked={shown}
        disabled={mutation.isPending}
        onCheckedChange={(event) => void apply(event.checked, true)}
        colorPalette="primary"
        size="sm"
      >
        <Switch.HiddenInput aria-label={t('kit.statusOf', { name })} />
        <Switch.Control />
      </Switch.Root>
      <Text fontSize="sm" aria-hidden="true">
        {shown ? t('kit.active') : t('kit.inactive')}
      </Text>
      <Text srOnly aria-live="polite">
        {undo !== null ? t(shown ? 'kit.activated' : 'kit.deactivated', { name }) : ''}
      </Text>
      {undo !== null && (
        <Button size="xs" variant="ghost" colorPalette="primary" onClick={() => void apply(undo, false)}>
          {t('kit.undo')}
        </Button>
      )}
    </HStack>
  );
}
