import { Container, Heading, useTranslation } from '@especifica/mf-shared/ui';

/** Admins reach /invoices from the CMS (spec 2.2); the review screens build on the invoice calls of the programme engine. */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="1280px" py="10">
      <Heading as="h1" fontSize="el">
        {t('cms.invoicesTitle')}
      </Heading>
    </Container>
  );
}
