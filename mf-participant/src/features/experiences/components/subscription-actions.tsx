import { formatPoints } from '@especifica/mf-shared';
import type { ParticipantExperience } from '@especifica/mf-shared/contracts';
import { useConfirm } from '@especifica/mf-shared/forms';
import { formatDate, queryKeys, useApiMutation } from '@especifica/mf-shared/kit';
import { useNavigate } from '@especifica/mf-shared/router';
import { Badge, Button, type ColorPalette, HStack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { type Availability, availabilityOf, cancel, moveBalance, subscribe } from '../api/experiences';

/** The address's mark of a subscription just made: the experience's page opens on its moment. */
export const JOINED = 'inscricao';

const palette: Record<Availability, ColorPalette> = {
  subscribed: 'success',
  level: 'brass',
  soldOut: 'error',
  balance: 'quaternary',
  open: 'informative',
};

export function AvailabilityBadge({ experience }: { experience: ParticipantExperience }) {
  const { t } = useTranslation();
  const score = useSession((state) => state.score);
  const state = availabilityOf(experience, score?.points ?? null);
  if (state === 'open') return null;
  return (
    <Badge colorPalette={palette[state]} variant="subtle" data-testid="experience-state">
      {t(`experiences.states.${state}`, { level: experience.minLevel?.name ?? '' })}
    </Badge>
  );
}

/** Subscribe (confirming the cost and the balance after) or, when subscribed and before the date, cancel with refund. */
export function SubscriptionActions({ experience }: { experience: ParticipantExperience }) {
  const { t } = useTranslation();
  const score = useSession((state) => state.score);
  const balance = score?.points ?? null;
  const state = availabilityOf(experience, balance);
  const { confirm, dialog } = useConfirm();
  // The badge moves as soon as the API agrees, before the refetch of the standing confirms it.
  const navigate = useNavigate();
  // A subscription has a moment of its own: the experience's page opens on it, with the balance after.
  const join = useApiMutation(subscribe, {
    invalidates: [queryKeys.participant],
    success: (answer, subscribed) => {
      moveBalance(-subscribed.points);
      navigate(`/experiences/${subscribed.id}?${JOINED}=confirmada`);
      return answer.msg;
    },
  });
  const leave = useApiMutation(cancel, {
    invalidates: [queryKeys.participant],
    success: (answer, cancelled) => {
      moveBalance(cancelled.points);
      return answer.msg;
    },
  });
  const future = new Date(experience.happensAt).getTime() > Date.now();

  const onSubscribe = async () => {
    const ok = await confirm({
      title: t('experiences.confirmTitle', { name: experience.name }),
      description:
        experience.points > 0 ? (
          <>
            <Text>
              {t('experiences.confirmCost', { points: formatPoints(experience.points), count: experience.points })}
            </Text>
            {balance !== null && (
              <Text>
                {t('experiences.confirmAfter', {
                  points: formatPoints(balance - experience.points),
                  count: balance - experience.points,
                })}
              </Text>
            )}
          </>
        ) : (
          <Text>{t('experiences.confirmFree')}</Text>
        ),
      confirmLabel: t('experiences.subscribe'),
    });
    if (!ok) return;
    await join.run(experience);
  };

  const onCancel = async () => {
    const ok = await confirm({
      title: t('experiences.cancelTitle', { name: experience.name }),
      description: t(experience.points > 0 ? 'experiences.cancelDescription' : 'experiences.cancelFree', {
        points: formatPoints(experience.points),
        count: experience.points,
        date: formatDate(experience.happensAt),
      }),
      confirmLabel: t('experiences.cancel'),
      destructive: true,
    });
    if (!ok) return;
    await leave.run(experience);
  };

  return (
    <HStack gap="2" wrap="wrap">
      {state === 'subscribed' ? (
        future && (
          <Button variant="outline" colorPalette="error" size="sm" loading={leave.isPending} onClick={onCancel}>
            {t('experiences.cancel')}
          </Button>
        )
      ) : (
        <Button
          colorPalette="primary"
          size="sm"
          disabled={state !== 'open'}
          loading={join.isPending}
          onClick={onSubscribe}
        >
          {t('experiences.subscribe')}
        </Button>
      )}
      {dialog}
    </HStack>
  );
}
