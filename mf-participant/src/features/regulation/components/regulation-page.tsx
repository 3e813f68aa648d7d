import type { Regulation } from '@especifica/mf-shared/contracts';
import { formatDate, LoadingState, PageLayout, QueryView, useApiQuery, useMyRules } from '@especifica/mf-shared/kit';
import { Badge, Box, Heading, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { getRegulation, programmeKeys } from '../../programme/api/programme';

/** /regulation: the current regulation, when the person accepted it, and what changed from the previous version. */
export function RegulationPage() {
  const { t } = useTranslation();
  const regulation = useApiQuery(programmeKeys.regulation, getRegulation, { silent: true });
  return (
    <PageLayout title={t('regulation.title')} width="narrow">
      <QueryView query={regulation} loading={<LoadingState rows={12} />}>
        {(data) => (
          <Stack gap="6">
            <Box bg="card" p="5" borderRadius="card" boxShadow="sm" data-testid="regulation-summary">
              <Heading as="h2" fontSize="xl" mb="2">
                {data.title}
              </Heading>
              <Text>{t('regulation.version', { version: data.version, date: formatDate(data.publishedAt) })}</Text>
              <Text color="muted" data-testid="regulation-accepted">
                {acceptance(data, t)}
              </Text>
            </Box>
            <ProfessionRules />
            {data.previous && <Changes data={data} />}
            <Box as="article" aria-label={data.title} bg="card" p="5" borderRadius="card" boxShadow="sm">
              <Text whiteSpace="pre-line" lineHeight="tall">
                {data.content}
              </Text>
            </Box>
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

/** A professional's own rules (domain.md, "Rules per profession"): what applies to their profession, and its text. */
function ProfessionRules() {
  const { t } = useTranslation();
  const professional = useSession((state) => state.user?.userType === 'professional');
  const rules = useMyRules(professional).data;
  if (!professional || !rules?.profession) return null;
  const items = [
    t(rules.earns === 'points' ? 'regulation.rules.earnsPoints' : 'regulation.rules.earnsNothing'),
    t(rules.experiences === 'points' ? 'regulation.rules.experiencesPoints' : 'regulation.rules.experiencesOpen'),
    ...(rules.levels ? [] : [t('regulation.rules.noLevels')]),
    ...(rules.clientDisclosure ? [t('regulation.rules.disclosure')] : []),
  ];
  return (
    <Box
      as="section"
      aria-labelledby="rules-heading"
      bg="card"
      p="5"
      borderRadius="card"
      boxShadow="sm"
      data-testid="regulation-rules"
    >
      <Heading as="h2" id="rules-heading" fontSize="lg" mb="3">
        {t('regulation.rules.title', { profession: rules.profession })}
      </Heading>
      <Stack as="ul" gap="1" pl="5" listStyleType="disc" mb={rules.text ? '3' : '0'}>
        {items.map((item) => (
          <Text as="li" key={item}>
            {item}
          </Text>
        ))}
      </Stack>
      {rules.text && <Text whiteSpace="pre-line">{rules.text}</Text>}
    </Box>
  );
}

function acceptance(data: Regulation, t: (key: string, options?: Record<string, unknown>) => string) {
  const { version, at } = data.accepted;
  if (version === null) return t('regulation.notAccepted');
  if (version < data.version) return t('regulation.acceptedOlder', { version });
  return at ? t('regulation.acceptedOn', { date: formatDate(at) }) : t('regulation.accepted');
}

function Changes({ data }: { data: Regulation }) {
  const { t } = useTranslation();
  const previous = data.previous;
  if (!previous) return null;
  return (
    <Box as="section" aria-labelledby="changes-heading" bg="card" p="5" borderRadius="card" boxShadow="sm">
      <Heading as="h2" id="changes-heading" fontSize="lg" mb="3">
        {t('regulation.changes', { version: previous.version, date: formatDate(previous.publishedAt) })}
      </Heading>
      {data.changes.length === 0 ? (
        <Text>{t('regulation.noChanges')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {data.changes.map((change) => (
            <Box
              as="li"
              key={`${change.kind}-${change.before ?? ''}-${change.after ?? ''}`}
              data-testid="regulation-change"
            >
              <Badge
                colorPalette={change.kind === 'removed' ? 'error' : change.kind === 'added' ? 'success' : 'quaternary'}
                mb="1"
              >
                {t(`regulation.kinds.${change.kind}`)}
              </Badge>
              {change.before && (
                <Text
                  fontSize="sm"
                  color="muted"
                  textDecoration={change.kind === 'removed' ? 'line-through' : undefined}
                >
                  {change.kind === 'changed' ? `${t('regulation.before')} ${change.before}` : change.before}
                </Text>
              )}
              {change.after && (
                <Text fontSize="sm">
                  {change.kind === 'changed' ? `${t('regulation.after')} ${change.after}` : change.after}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
