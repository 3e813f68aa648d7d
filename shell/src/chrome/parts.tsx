import { formatPoints, logout, type Score, type StoredUser } from '@especifica/mf-shared';
import { Avatar, LanguageSwitch, Menu, MenuItem, MenuSeparator, ThemeToggle } from '@especifica/mf-shared/controls';
import { Box, chakra, HStack, Text, useTranslation } from '@especifica/mf-shared/ui';
import type { MouseEvent, ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';
import { type NavLink, nameInitials, userMenuLinks } from './nav';

/** In-app links route through single-spa; external ones open in a new tab (spec 2.5, 2.7). */
export function HeaderLink({
  link,
  active,
  onNavigate,
  children,
}: {
  link: NavLink;
  active: boolean;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (link.external || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateToUrl(link.href);
    onNavigate?.();
  };
  return (
    <chakra.a
      href={link.href}
      onClick={onClick}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-current={active ? 'page' : undefined}
      data-active={active ? '' : undefined}
      display="inline-flex"
      alignItems="center"
      h="full"
      px="1"
      fontSize="sm"
      fontWeight={active ? 'bold' : 'regular'}
      // The darker step: the brand green on the secondary bar's grey falls short of 4.5:1 (WCAG AA).
      color={active ? { _light: 'primary.700', _dark: 'primary.300' } : 'ink'}
      borderBottomWidth="3px"
      borderColor={active ? 'brand' : 'transparent'}
      whiteSpace="nowrap"
      _hover={{ color: 'brand' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' }}
    >
      {children}
    </chakra.a>
  );
}

/** "<level> · <points> Pts" for non-consultants, points only for consultants (spec 2.5). */
export function pointsBadgeText(score: Score, consultant: boolean, unit: string): string {
  const points = `${formatPoints(score.points)} ${unit}`;
  return consultant || !score.level ? points : `${score.level} · ${points}`;
}

export function PointsBadge({
  score,
  consultant,
  compact = false,
}: {
  score: Score | null;
  consultant: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!score) return null;
  const text = pointsBadgeText(score, consultant, t('common.points'));
  // On a phone the level and the points stack in two lines so the bar fits 320 px; the separator stays for readers.
  const [level, points] = text.includes(' · ') ? text.split(' · ') : [null, text];
  return (
    <Text
      as="span"
      data-testid="header-points"
      display="inline-flex"
      flexDirection={compact ? 'column' : 'row'}
      alignItems="center"
      lineHeight={compact ? '1.15' : undefined}
      bg="primary.50"
      color="primary.700"
      fontSize={compact ? 'xxs' : 'xs'}
      fontWeight="bold"
      px={compact ? '2' : '3'}
      py="1"
      borderRadius={compact ? 'card' : 'full'}
      whiteSpace="nowrap"
    >
      {level && (
        <>
          <span>{level}</span>
          {compact ? (
            <Box as="span" srOnly>
              {' · '}
            </Box>
          ) : (
            ' · '
          )}
        </>
      )}
      <span>{points}</span>
    </Text>
  );
}

function HeaderAvatar({ user }: { user: StoredUser }) {
  if (user.profileImage) return <Avatar name={user.name} src={user.profileImage} size="40px" />;
  return (
    <Box
      data-testid="header-avatar"
      w="40px"
      h="40px"
      borderRadius="full"
      bg="primary.700"
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="sm"
      fontWeight="bold"
      flexShrink={0}
    >
      {nameInitials(user.name)}
    </Box>
  );
}

/** The user drop-down (290 px): own pages, theme and language, logout (spec 2.5, 2.6, 4). */
export function UserMenu({ user, showName }: { user: StoredUser; showName: boolean }) {
  const { t } = useTranslation();
  return (
    <Menu
      trigger={
        // Named by what it shows and then what it is ("Ana Arquiteta Menu do usuário"): a name given apart from the
        // visible text would not contain it, and voice control users say what they see.
        <HStack gap="3">
          <Box aria-hidden>
            <HeaderAvatar user={user} />
          </Box>
          {showName && (
            // Up to 150 px, less near the desktop header's narrowest width (1225 px), where the links need the room.
            <Text
              as="span"
              data-testid="header-name"
              fontSize="sm"
              fontWeight="medium"
              maxW="clamp(64px, calc(100vw - 1150px), 150px)"
              truncate
            >
              {user.name}
            </Text>
          )}
          <Box as="span" srOnly>
            {t('nav.userMenu')}
          </Box>
        </HStack>
      }
    >
      {userMenuLinks(user).map((link) => (
        <MenuItem
          key={link.href}
          href={link.href}
          onSelect={(event) => {
            event.preventDefault();
            navigateToUrl(link.href);
          }}
        >
          {t(link.label)}
        </MenuItem>
      ))}
      <MenuSeparator />
      <ThemeToggle />
      <LanguageSwitch variant="menu" />
      <MenuSeparator />
      <MenuItem onSelect={() => logout(navigateToUrl)}>{t('common.logout')}</MenuItem>
    </Menu>
  );
}
