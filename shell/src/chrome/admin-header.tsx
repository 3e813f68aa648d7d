import type { StoredUser } from '@especifica/mf-shared';
import { Select } from '@especifica/mf-shared/controls';
import { Box, partProps, Stack, tokens, useTranslation } from '@especifica/mf-shared/ui';
import { navigateToUrl } from 'single-spa';
import { NotificationBell } from './bell';
import { DesktopHeader, MobileHeader } from './frame';
import { headerParts } from './header.parts';
import { activeHref, adminGroups, adminTopLinks, type NavGroup } from './nav';
import { HeaderLink, UserMenu } from './parts';
import { useMediaQuery, usePathname } from './use-location';

const part = partProps(headerParts);

const allAdminLinks = [...adminTopLinks, ...adminGroups.flatMap((group) => group.links)];

function GroupSelect({
  group,
  active,
  variant,
  onNavigate,
}: {
  group: NavGroup;
  active: string | null;
  variant: 'menu' | 'mobilemenu';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const selected = group.links.some((link) => link.href === active) ? active : null;
  return (
    <div data-testid="admin-group" data-active={selected ? '' : undefined}>
      <Select
        variant={variant}
        label={t(group.label)}
        value={selected}
        options={group.links.map((link) => ({ label: t(link.label), value: link.href }))}
        onChange={(href) => {
          navigateToUrl(href);
          onNavigate?.();
        }}
      />
    </div>
  );
}

/** The admin header (spec 2.6): top links and five groups; a side drawer below 1325 px. */
export function AdminHeader({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const pathname = usePathname();
  const mobile = useMediaQuery(`(max-width: ${tokens.mobileHeaderBelow.admin - 1}px)`);
  const active = activeHref(pathname, allAdminLinks);

  if (mobile) {
    return (
      <MobileHeader
        home="/cms/dashboard"
        right={
          <div {...part('corner')}>
            <NotificationBell owner="admin" />
            <UserMenu user={user} showName={false} />
          </div>
        }
      >
        {(close) => (
          <Stack as="nav" aria-label={t('nav.mainNav')} gap="2">
            {adminTopLinks.map((link) => (
              <Box key={link.href} h="44px">
                <HeaderLink link={link} active={link.href === active} onNavigate={close}>
                  {t(link.label)}
                </HeaderLink>
              </Box>
            ))}
            {adminGroups.map((group) => (
              <GroupSelect key={group.label} group={group} active={active} variant="mobilemenu" onNavigate={close} />
            ))}
          </Stack>
        )}
      </MobileHeader>
    );
  }

  return (
    <DesktopHeader
      home="/cms/dashboard"
      right={
        <div {...part('corner')}>
          <NotificationBell owner="admin" />
          <UserMenu user={user} showName />
        </div>
      }
      below={
        <nav {...part('more-nav')} aria-label={t('nav.mainNav')}>
          {adminTopLinks.map((link) => (
            <HeaderLink key={link.href} link={link} active={link.href === active}>
              {t(link.label)}
            </HeaderLink>
          ))}
          {adminGroups.map((group) => (
            <GroupSelect key={group.label} group={group} active={active} variant="menu" />
          ))}
        </nav>
      }
    />
  );
}
