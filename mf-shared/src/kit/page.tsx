import { Box, Breadcrumb, Container, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { RouterLink } from '@especifica/mf-shared/router';
import { useTranslation } from '@especifica/mf-shared/ui';
import { Fragment, type ReactNode } from 'react';

/** One width per kind of page, so that no screen picks its own. */
export const pageWidths = { narrow: '760px', default: '1104px', wide: '1440px' } as const;

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  breadcrumb?: Crumb[];
  /** Buttons beside the title ("Novo", "Exportar"); they wrap under it on narrow screens. */
  actions?: ReactNode;
  width?: keyof typeof pageWidths;
  children: ReactNode;
}

/** Every screen's frame: breadcrumb, title, actions, and the content at one of three widths. */
export function Page({ title, description, breadcrumb, actions, width = 'default', children }: PageProps) {
  const { t } = useTranslation();
  return (
    <Container maxW={pageWidths[width]} px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb.Root mb="3" aria-label={t('kit.breadcrumb')} size="sm">
          <Breadcrumb.List>
            {breadcrumb.map((crumb, index) => (
              <Fragment key={crumb.href ?? crumb.label}>
                {index > 0 && <Breadcrumb.Separator />}
                <Breadcrumb.Item>
                  {crumb.href ? (
                    <Breadcrumb.Link asChild>
                      <RouterLink to={crumb.href}>{crumb.label}</RouterLink>
                    </Breadcrumb.Link>
                  ) : (
                    <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                  )}
                </Breadcrumb.Item>
              </Fragment>
            ))}
          </Breadcrumb.List>
        </Breadcrumb.Root>
      )}
      <Flex mb={{ base: '5', md: '8' }} gap="4" align={{ base: 'stretch', sm: 'center' }} wrap="wrap">
        <Box flex="1" minW="min(100%, 280px)">
          <Heading as="h1" fontSize={{ base: 'xxl', md: 'el' }} lineHeight="1.2">
            {title}
          </Heading>
          {description && (
            <Box color="muted" mt="1">
              {description}
            </Box>
          )}
        </Box>
        {actions && (
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        )}
      </Flex>
      {children}
    </Container>
  );
}

/** A titled part of a page or a drawer (the QR code, who has it): a region named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h3" fontSize="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
