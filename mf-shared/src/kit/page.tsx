import { Box, Breadcrumb, Heading, Stack } from '@chakra-ui/react';
import { RouterLink } from '@especifica/mf-shared/router';
import { usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { Fragment, type ReactNode, useId } from 'react';
import { ButtonLink } from './button-link';
import { pageParts } from './page.parts';
import type { pageWidths } from './page-widths';

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
  /** A screen of the app it leads to (a list's import, its customers), drawn after the actions as an outline button. */
  link?: { to: string; label: string };
  width?: keyof typeof pageWidths;
  children: ReactNode;
}

/** Every screen's frame: breadcrumb, title, actions, and the content at one of three widths. */
export function Page({ title, description, breadcrumb, actions, link, width = 'default', children }: PageProps) {
  const { t } = useTranslation();
  return (
    <div className={usePartsClass(pageParts)} data-width={width}>
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
      <div data-part="page-top">
        <div>
          <h1>{title}</h1>
          {description && <div data-part="page-description">{description}</div>}
        </div>
        {(actions || link) && (
          <div data-part="page-actions">
            {actions}
            {link && (
              <ButtonLink variant="outline" to={link.to}>
                {link.label}
              </ButtonLink>
            )}
          </div>
        )}
      </div>
      {children}
    </div>
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

/** A card of a page with its own heading (a form that sends or publishes): a region named by its heading. */
export function CardSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const heading = useId();
  return (
    <Box as="section" aria-labelledby={heading} bg="card" p={{ base: '4', md: '6' }} borderRadius="card" boxShadow="sm">
      <Heading as="h2" id={heading} fontSize="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
