import type { StoredUser } from '@especifica/mf-shared';
import { Box, partProps, Stack, Text, tokens, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { CHAT_URL, SAMPLES_KIT_URL } from '../config';
import { NotificationBell } from './bell';
import { DesktopHeader, MobileHeader } from './frame';
import { headerParts } from './header.parts';
import { activeHref, MAIN_BAR_SIZE, participantLinks } from './nav';
import { HeaderLink, PointsBadge, UserMenu } from './parts';
import { useMediaQuery, usePathname } from './use-location';

const part = partProps(headerParts);

const external = { samplesKit: SAMPLES_KIT_URL, contactUs: CHAT_URL };

/**
 * The points as the session keeps them, read by the badge alone: when they arrive (the header's own read, after the
 * first screen) or change (a redemption), the badge is drawn again, not the whole header with its menu.
 */
function SessionPointsBadge({ consultant, compact }: { consultant: boolean; compact: boolean }) {
  const score = useSession((state) => state.score);
  return <PointsBadge score={score} consultant={consultant} compact={compact} />;
}

/** The header of professionals and shopkeepers (spec 2.5): 130 px on desktop, 65 px with a side menu below 1225 px. */
export function RegularHeader({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const pathname = usePathname();
  const mobile = useMediaQuery(`(max-width: ${tokens.mobileHeaderBelow.user - 1}px)`);
  const consultant = user.shopkeeperType === 'consultant';
  const links = participantLinks(user, external);
  const active = activeHref(pathname, links);
  const badge = <SessionPointsBadge consultant={consultant} compact={mobile} />;

  if (mobile) {
    return (
      <MobileHeader
        home="/dashboard"
        right={
          <div {...part('corner')}>
            {badge}
            <NotificationBell />
            <UserMenu user={user} showName={false} />
          </div>
        }
      >
        {(close) => (
          <>
            <Text data-testid="header-name" fontWeight="bold" mb="4">
              {user.name}
            </Text>
            <Stack as="nav" aria-label={t('nav.mainNav')} gap="0">
              {links.map((link) => (
                <Box key={link.href} h="48px" borderBottomWidth="1px" borderColor="surface.100">
                  <HeaderLink link={link} active={link.href === active} onNavigate={close}>
                    {t(link.label)}
                  </HeaderLink>
                </Box>
              ))}
            </Stack>
          </>
        )}
      </MobileHeader>
    );
  }

  const row = (list: typeof links) =>
    list.map((link) => (
      <HeaderLink key={link.href} link={link} active={link.href === active}>
        {t(link.label)}
      </HeaderLink>
    ));
  return (
    <DesktopHeader
      home="/dashboard"
      middle={
        <nav {...part('main-nav')} aria-label={t('nav.mainNav')}>
          {row(links.slice(0, MAIN_BAR_SIZE))}
        </nav>
      }
      right={
        <div {...part('corner')}>
          {badge}
          <NotificationBell />
          <UserMenu user={user} showName />
        </div>
      }
      below={
        <nav {...part('more-nav')} aria-label={t('nav.moreNav')}>
          {row(links.slice(MAIN_BAR_SIZE))}
        </nav>
      }
    />
  );
}
