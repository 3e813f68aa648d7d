import { Box, chakra, Heading, Text, useTranslation } from '@especifica/mf-shared/ui';
import type { FormEventHandler, ReactNode } from 'react';
import { FieldScene } from './field-scene';

interface Props {
  title: string;
  children: ReactNode;
  /** Given: the card is a form that submits here. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  maxW?: string;
}

/** The centred card every public account page uses (login, recovery, sign-up, accounts). */
export function AuthCard({ title, children, onSubmit, maxW = '460px' }: Props) {
  const { t } = useTranslation();
  const content = (
    <>
      <Text fontSize="xl" fontWeight="bold" color="brand" mb="1">
        {t('common.appName')}
      </Text>
      <Heading as="h1" fontSize="xxl" mb="4">
        {title}
      </Heading>
      {children}
    </>
  );
  const card = {
    w: 'full',
    maxW,
    bg: 'card',
    p: { base: '6', md: '10' },
    borderRadius: 'card',
    boxShadow: 'md',
  } as const;
  return (
    <Box minH="calc(100vh - 120px)" display="flex" alignItems="center" justifyContent="center" gap="16" px="4" py="10">
      {/* The field's drawing beside the card from 1024 px; a phone gets the card alone. */}
      <Box
        display={{ base: 'none', lg: 'block' }}
        flex="0 1 440px"
        minW="0"
        color="brand"
        css={{ '& svg': { w: 'full', h: 'auto' } }}
      >
        <FieldScene />
      </Box>
      {onSubmit ? (
        <chakra.form onSubmit={onSubmit} noValidate {...card}>
          {content}
        </chakra.form>
      ) : (
        <Box {...card}>{content}</Box>
      )}
    </Box>
  );
}
