import { formatPoints } from '@especifica/mf-shared';
import type { CmsExperience, Subscriber } from '@especifica/mf-shared/contracts';
import { Drawer, DrawerActions, QrPanel } from '@especifica/mf-shared/controls';
import { useConfirm } from '@especifica/mf-shared/forms';
import { formatDateTime, resourceKey, Section, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { firstPage, PagedCards } from '@especifica/mf-shared/list';
import { Badge, Box, Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import {
  type Audience,
  attendanceUrl,
  cancelExperience,
  cancelSubscription,
  experienceList,
  subscribersKey,
  subscribersOf,
} from '../api/experiences';

/** One experience beside its list: the attendance QR code, its subscribers with attendance, and cancellations. */
export function ExperienceDrawer({
  audience,
  experience,
  onClose,
}: {
  audience: Audience;
  experience: CmsExperience | null;
  onClose: () => void;
}) {
  return (
    <Drawer open={experience !== null} onClose={onClose} title={experience?.name}>
      {experience && <Detail key={experience.id} audience={audience} experience={experience} done={onClose} />}
    </Drawer>
  );
}

function Detail({ audience, experience, done }: { audience: Audience; experience: CmsExperience; done: () => void }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const cancel = useApiMutation(() => cancelExperience(experience), {
    invalidates: [resourceKey(experienceList(audience))],
    success: (answer) => answer.msg,
  });
  const askCancel = async () => {
    const yes = await confirm({
      title: t('cmsExperiences.cancelTitle', { name: experience.name }),
      description: t('cmsExperiences.cancelDescription', { count: experience.seatsTaken }),
      confirmLabel: t('cmsExperiences.cancelExperience'),
      destructive: true,
    });
    if (yes) {
      const [answer] = await cancel.run();
      if (answer) done();
    }
  };
  return (
    <Stack gap="8">
      <Section title={t('cmsExperiences.qrTitle')}>
        <QrPanel
          value={attendanceUrl(experience)}
          label={t('cmsExperiences.qrLabel', { name: experience.name })}
          fileName={`presenca-${experience.id}`}
          hint={t('cmsExperiences.qrHint')}
          print={{
            title: experience.name,
            lines: [formatDateTime(experience.happensAt), experience.place].filter(Boolean),
          }}
        />
      </Section>
      <Section title={t('cmsExperiences.subscribersTitle')}>
        <Subscribers audience={audience} experience={experience} />
      </Section>
      {experience.active && (
        <DrawerActions>
          <Button variant="outline" colorPalette="error" onClick={() => void askCancel()}>
            {t('cmsExperiences.cancelExperience')}
          </Button>
        </DrawerActions>
      )}
      {dialog}
    </Stack>
  );
}

function Subscribers({ audience, experience }: { audience: Audience; experience: CmsExperience }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(firstPage);
  const query = useApiQuery(
    [...subscribersKey(audience, experience), paging],
    () => subscribersOf(experience, paging),
    {
      keepPrevious: true,
      silent: true,
    },
  );
  const { confirm, dialog } = useConfirm();
  const cancel = useApiMutation(cancelSubscription, {
    invalidates: [resourceKey(experienceList(audience))],
    success: (answer) => answer.msg,
  });
  const ask = async (subscriber: Subscriber) => {
    const yes = await confirm({
      title: t('cmsExperiences.cancelSubscriptionTitle', { name: subscriber.participant.name }),
      description: t('cmsExperiences.cancelSubscriptionDescription', {
        name: subscriber.participant.name,
        points: formatPoints(subscriber.points),
        count: subscriber.points,
      }),
      confirmLabel: t('cmsExperiences.cancelSubscription'),
      destructive: true,
    });
    if (yes) await cancel.run(subscriber);
  };
  return (
    <>
      <PagedCards
        query={query}
        paging={paging}
        onPaging={setPaging}
        empty={t('cmsExperiences.noSubscribers')}
        summary={(data) =>
          t('cmsExperiences.subscribersCount', {
            count: data.total,
            attended: data.items.filter((item) => item.attendedAt).length,
          })
        }
        id={(subscriber) => subscriber.id}
        data-testid="subscribers"
      >
        {(subscriber) => (
          <>
            <Box flex="1" minW="180px">
              <Text fontWeight="bold">{subscriber.participant.name}</Text>
              <Text fontSize="sm" color="muted" wordBreak="break-all">
                {subscriber.participant.email}
              </Text>
            </Box>
            {subscriber.status === 'cancelled' ? (
              <Badge colorPalette="stone">{t('cmsExperiences.cancelled')}</Badge>
            ) : subscriber.attendedAt ? (
              <Badge colorPalette="success">
                {t('cmsExperiences.attended', { at: formatDateTime(subscriber.attendedAt) })}
              </Badge>
            ) : (
              <Badge colorPalette="quaternary">{t('cmsExperiences.notYet')}</Badge>
            )}
            {subscriber.status === 'subscribed' && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="error"
                aria-label={t('cmsExperiences.cancelOne', { name: subscriber.participant.name })}
                onClick={() => void ask(subscriber)}
              >
                {t('cmsExperiences.cancelSubscription')}
              </Button>
            )}
          </>
        )}
      </PagedCards>
      {dialog}
    </>
  );
}
