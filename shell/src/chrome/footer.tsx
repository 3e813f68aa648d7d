import { Box, Flex, Link, Text, useTranslation } from '@especifica/mf-shared/ui';
import { CHAT_URL } from '../config';
import { chromeLifecycles } from './lifecycles';

function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      as="footer"
      bg="card"
      borderTopWidth="1px"
      borderColor="surface.100"
      px={{ base: '4', md: '8' }}
      py="5"
      fontSize="sm"
    >
      <Flex maxW="1440px" mx="auto" justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="muted">
          © {new Date().getFullYear()} {t('common.appName')}. {t('footer.rights')}
        </Text>
        <Flex gap="6">
          <Link href={CHAT_URL} target="_blank" rel="noopener noreferrer">
            {t('footer.contact')}
          </Link>
          <Link href="/politica-de-privacidade.pdf" target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </Link>
        </Flex>
      </Flex>
    </Box>
  );
}

export const { bootstrap, mount, unmount } = chromeLifecycles('footer', Footer);
