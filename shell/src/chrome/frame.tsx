import { Drawer, Logo } from '@especifica/mf-shared/controls';
import { partProps, usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { headerParts } from './header.parts';

const part = partProps(headerParts);

/** The header box both headers share: 130 px on desktop, 65 px on mobile (spec 9), above the page. */
export function HeaderFrame({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  return (
    <header className={usePartsClass(headerParts)} data-testid="header" data-variant={mobile ? 'mobile' : 'desktop'}>
      {children}
    </header>
  );
}

const preloadMenu = () => void Drawer.preload();

function MenuButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      {...part('menu-button')}
      aria-label={label}
      onClick={onClick}
      // The side menu's code is downloaded on the intent to open it, before the click lands.
      onPointerEnter={preloadMenu}
      onTouchStart={preloadMenu}
      onFocus={preloadMenu}
    >
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** The mobile layout of both headers: a menu button and the logo, and a side menu that opens from the left. */
export function MobileHeader({
  home,
  right,
  children,
}: {
  home: string;
  right: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <HeaderFrame mobile>
      <div {...part('mobile-row')}>
        <div {...part('start')}>
          <MenuButton label={t('nav.openMenu')} onClick={() => setOpen(true)} />
          <Logo mobile to={home} onNavigate={navigateToUrl} />
        </div>
        {right}
      </div>
      <Drawer
        keepMounted
        open={open}
        onClose={close}
        placement="left"
        title={<Logo mobile to={home} onNavigate={navigateToUrl} />}
      >
        {children(close)}
      </Drawer>
    </HeaderFrame>
  );
}

/** The desktop layout's first row (logo, middle, right) and second row. */
export function DesktopHeader({
  home,
  middle,
  right,
  below,
}: {
  home: string;
  middle?: ReactNode;
  right: ReactNode;
  below: ReactNode;
}) {
  return (
    <HeaderFrame mobile={false}>
      <div {...part('row')}>
        <Logo to={home} onNavigate={navigateToUrl} />
        {middle}
        {right}
      </div>
      <div {...part('below')}>{below}</div>
    </HeaderFrame>
  );
}
