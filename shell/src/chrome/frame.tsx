import { Drawer, Logo } from '@especifica/mf-shared/controls';
import { Box, chakra, Flex, HStack, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useState } from 'react';
import { navigateToUrl } from 'single-spa';

/** Gaps and side padding shrink with the window so that the desktop rows fit from 1225 px (1325 for admins) up. */
export const ROW_GAP = 'clamp(8px, 1.2vw, 24px)';
export const ROW_PADDING = 'clamp(16px, 2.2vw, 32px)';

/** The header box both headers share: 130 px on desktop, 65 px on mobile (spec 9), above the page. */
export function HeaderFrame({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  return (
    <Box
      as="header"
      data-testid="header"
      data-variant={mobile ? 'mobile' : 'desktop'}
      h={mobile ? 'headerHeightMobile' : 'headerHeight'}
      bg="card"
      borderBottomWidth="1px"
      borderColor="surface.100"
      position="sticky"
      top="0"
      zIndex="header"
    >
      {children}
    </Box>
  );
}

const preloadMenu = () => void Drawer.preload();

function MenuButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      aria-label={label}
      onClick={onClick}
      // The side menu's code is downloaded on the intent to open it, before the click lands.
      onPointerEnter={preloadMenu}
      onTouchStart={preloadMenu}
      onFocus={preloadMenu}
      w="32px"
      h="40px"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      borderRadius="card"
      bg="transparent"
      color="ink"
      cursor="pointer"
      _hover={{ bg: 'surface.100' }}
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
    </chakra.button>
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
      <Flex h="full" align="center" justify="space-between" px="3" gap="2">
        <HStack gap="1">
          <MenuButton label={t('nav.openMenu')} onClick={() => setOpen(true)} />
          <Logo mobile to={home} onNavigate={navigateToUrl} />
        </HStack>
        {right}
      </Flex>
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
      <Flex h="80px" maxW="1440px" mx="auto" px={ROW_PADDING} align="center" justify="space-between" gap={ROW_GAP}>
        <Logo to={home} onNavigate={navigateToUrl} />
        {middle}
        {right}
      </Flex>
      <Box h="49px" bg="surface.50" borderTopWidth="1px" borderColor="surface.100">
        {below}
      </Box>
    </HeaderFrame>
  );
}
