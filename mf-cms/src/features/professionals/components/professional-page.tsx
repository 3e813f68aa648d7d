import { formatPoints } from '@especifica/mf-shared';
import { type AdminProfessional, behaviours, formatCpf } from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { useConfirm } from '@especifica/mf-shared/forms';
import {
  formatDate,
  PageLayout,
  QueryView,
  resourceKey,
  StateBadge,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { useParams, useSearchParams } from '@especifica/mf-shared/router';
import { Alert, Box, Button, Card, HStack, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useState } from 'react';
import {
  type Behaviour,
  changeBehaviour,
  cmsProfessionals,
  getProfessional,
  professionalKey,
} from '../api/professionals';
import { AdjustPointsForm } from './adjust-points-form';
import { ProfessionalForm } from './professional-form';
import { ProfessionalTab, type Tab, tabs } from './professional-tabs';

/** /cms/professionals/:id: the person's data, behaviour and points, and their extract, invoices, customers, subscriptions. */
export function ProfessionalPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useApiQuery(professionalKey(id), () => getProfessional(id), { silent: true });
  const name = query.data?.name ?? '…';
  return (
    <PageLayout
      title={name}
      width="wide"
      breadcrumb={[{ label: t('professionals.title'), href: '/cms/professionals' }, { label: name }]}
    >
      <QueryView query={query}>{(professional) => <Profile professional={professional} />}</QueryView>
    </PageLayout>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text fontSize="sm" color="muted">
        {label}
      </Text>
      <Box wordBreak="break-word">{children}</Box>
    </Box>
  );
}

function Profile({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState<'edit' | 'adjust' | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'extract';
  const { confirm, dialog } = useConfirm();
  const behaviour = useApiMutation((next: Behaviour) => changeBehaviour(professional, next), {
    invalidates: [resourceKey(cmsProfessionals)],
    success: (answer) => answer.msg,
  });
  const change = async (next: Behaviour) => {
    const yes = await confirm({
      title: t(`professionals.confirmTitle.${next}`, { name: professional.name }),
      description: t(`professionals.confirmDescription.${next}`, { name: professional.name }),
      confirmLabel: t(`professionals.actions.${next}`),
      destructive: next !== 'active',
    });
    if (yes) await behaviour.run(next);
  };

  const returned = professional.returnedAfterErasure;
  return (
    <Stack gap="6">
      {returned && (
        <Alert.Root status="info" data-testid="returned-after-erasure">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('professionals.returned.title')}</Alert.Title>
            <Alert.Description>
              {t('professionals.returned.description', {
                by: t(`professionals.returned.by.${returned.by}`),
                date: formatDate(returned.erasedAt),
              })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root variant="outline">
        <Card.Body gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Detail label={t('professionals.balance')}>
              <Text fontSize="xxl" fontWeight="bold" data-testid="professional-balance">
                {t('professionals.points', { points: formatPoints(professional.totalPoints) })}
              </Text>
            </Detail>
            <Detail label={t('professionals.level')}>{professional.level.level ?? '—'}</Detail>
            <Detail label={t('professionals.behaviour')}>
              <StateBadge concept="behaviour" state={professional.behaviour} />
            </Detail>
            <Detail label={t('professionals.email')}>{professional.email}</Detail>
            <Detail label={t('professionals.cpf')}>{professional.cpf ? formatCpf(professional.cpf) : '—'}</Detail>
            <Detail label={t('professionals.profession')}>{professional.profession ?? '—'}</Detail>
            <Detail label={t('professionals.referenceStore')}>{professional.referenceStore?.name ?? '—'}</Detail>
            <Detail label={t('professionals.referenceSeller')}>{professional.referenceSeller?.name ?? '—'}</Detail>
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            <Button colorPalette="primary" onClick={() => setDrawer('adjust')}>
              {t('professionals.adjust.open')}
            </Button>
            <Button variant="outline" onClick={() => setDrawer('edit')}>
              {t('kit.edit')}
            </Button>
            {behaviours
              .filter((next) => next !== professional.behaviour)
              .map((next) => (
                <Button
                  key={next}
                  variant="outline"
                  colorPalette={next === 'active' ? 'primary' : 'error'}
                  disabled={behaviour.isPending}
                  onClick={() => void change(next)}
                >
                  {t(`professionals.actions.${next}`)}
                </Button>
              ))}
          </HStack>
        </Card.Body>
      </Card.Root>

      <Stack gap="4">
        <HStack as="nav" aria-label={t('professionals.tabs.label')} gap="2" wrap="wrap">
          {tabs.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={tab === name ? 'solid' : 'outline'}
              colorPalette={tab === name ? 'primary' : undefined}
              aria-current={tab === name ? 'page' : undefined}
              onClick={() => setParams(name === 'extract' ? {} : { tab: name })}
            >
              {t(`professionals.tabs.${name}`)}
            </Button>
          ))}
        </HStack>
        <ProfessionalTab key={tab} tab={tab} professional={professional} />
      </Stack>

      <Drawer
        open={drawer !== null}
        onClose={() => setDrawer(null)}
        title={
          drawer === 'adjust'
            ? t('professionals.adjust.title', { name: professional.name })
            : drawer === 'edit'
              ? t('professionals.edit')
              : undefined
        }
      >
        {drawer === 'adjust' && <AdjustPointsForm professional={professional} done={() => setDrawer(null)} />}
        {drawer === 'edit' && <ProfessionalForm professional={professional} done={() => setDrawer(null)} />}
      </Drawer>
      {dialog}
    </Stack>
  );
}
