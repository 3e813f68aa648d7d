import { useMyRules } from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { Box, Link, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';

/**
 * Rules per profession (domain.md): on a page about earning points or levels, one sentence on what the professional's
 * profession takes part in, with the regulation's link; nothing under the programme's defaults. `about` says which
 * rule the page is about: points to earn, or levels.
 */
export function RulesNotice({ about }: { about: 'points' | 'levels' }) {
  const { t } = useTranslation();
  const professional = useSession((state) => state.user?.userType === 'professional');
  const rules = useMyRules(professional).data;
  if (!professional || !rules) return null;
  const key =
    about === 'levels'
      ? rules.levels
        ? null
        : 'rulesNotice.noLevels'
      : rules.earns === 'points'
        ? null
        : rules.experiences === 'open'
          ? 'rulesNotice.open'
          : 'rulesNotice.nothing';
  if (!key) return null;
  return (
    <Box bg="surface.50" p="3" borderRadius="card" data-testid="rules-notice" role="note">
      <Text>
        {t(key, { profession: rules.profession ?? '' })}{' '}
        <Link asChild colorPalette="primary">
          <RouterLink to="/regulation">{t('rulesNotice.link')}</RouterLink>
        </Link>
      </Text>
    </Box>
  );
}
