import { formatPoints, logout, type Score, type StoredUser } from '@especifica/mf-shared';
import {
  Avatar,
  LanguageSwitch,
  LevelEmblem,
  Menu,
  MenuItem,
  MenuSeparator,
  ThemeToggle,
} from '@especifica/mf-shared/controls';
import { partProps, usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import type { MouseEvent, ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';
import { headerParts, linkParts } from './header.parts';
import { type NavLink, nameInitials, userMenuLinks } from './nav';

const part = partProps(headerParts);

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
    <a
      className={usePartsClass(linkParts)}
      href={link.href}
      onClick={onClick}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-current={active ? 'page' : undefined}
      data-active={active ? '' : undefined}
    >
      {children}
    </a>
  );
}

/**
 * "<level> · <points> Pts" for non-consultants, points only for consultants (spec 2.5); under the rules of a
 * profession, the level or the points may be hidden (an empty text: no badge).
 */
/** Whether the badge shows the level: never a consultant's, nor one the profession's rules hide. */
const levelShown = (score: Score, consultant: boolean) =>
  !consultant && Boolean(score.level) && score.showLevel !== false;

export function pointsBadgeText(score: Score, consultant: boolean, unit: string): string {
  const points = score.showPoints === false ? '' : `${formatPoints(score.points)} ${unit}`;
  const level = levelShown(score, consultant) ? score.level : '';
  return level && points ? `${level} · ${points}` : level || points;
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
  if (!text) return null;
  // On a phone the level and the points stack in two lines so the bar fits 320 px; the separator stays for readers.
  const [level, points] = text.includes(' · ') ? text.split(' · ') : [null, text];
  const flag = compact ? '' : undefined;
  // The level's emblem, beside its name (which names it to readers): shown wherever the level is.
  const emblem = levelShown(score, consultant) && score.rank !== undefined;
  return (
    <span {...part('points')} data-testid="header-points" data-compact={flag}>
      {emblem && <LevelEmblem rank={score.rank ?? 0} size={compact ? 18 : 20} />}
      <span {...part('score')} data-compact={flag}>
        {level && (
          <>
            <span>{level}</span>
            {compact ? <span {...part('sr')}>{' · '}</span> : ' · '}
          </>
        )}
        <span>{points}</span>
      </span>
    </span>
  );
}

function HeaderAvatar({ user }: { user: StoredUser }) {
  if (user.profileImage) return <Avatar name={user.name} src={user.profileImage} size="40px" />;
  return (
    <span {...part('initials')} data-testid="header-avatar">
      {nameInitials(user.name)}
    </span>
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
        <span {...part('who')}>
          <span aria-hidden="true">
            <HeaderAvatar user={user} />
          </span>
          {showName && (
            <span {...part('name')} data-testid="header-name">
              {user.name}
            </span>
          )}
          <span {...part('sr')}>{t('nav.userMenu')}</span>
        </span>
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
