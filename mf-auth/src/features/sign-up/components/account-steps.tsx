import { Checkbox } from '@especifica/mf-shared/controls';
import { Box, Heading, Link, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { type StepProps, TextField } from './fields';

export function PasswordStep({ register, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <TextField
        name="password"
        label={t('signUp.password')}
        type="password"
        autoComplete="new-password"
        helper={t('recovery.passwordHint')}
        register={register}
        errors={errors}
      />
      <TextField
        name="confirmPassword"
        label={t('signUp.confirmPassword')}
        type="password"
        autoComplete="new-password"
        register={register}
        errors={errors}
      />
    </Stack>
  );
}

export function SocialStep({ register, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {(['instagram', 'facebook', 'behance', 'pinterest'] as const).map((name) => (
        <TextField key={name} name={name} label={t(`signUp.${name}`)} register={register} errors={errors} />
      ))}
    </SimpleGrid>
  );
}

export function TermsStep({
  control,
  errors,
  terms,
}: StepProps & { terms: { title: string; content: string } | null }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  return (
    <Stack gap="4">
      {terms && (
        <Link as="button" color="brand" alignSelf="flex-start" onClick={() => setReading((open) => !open)}>
          {t('signUp.readTerms')}
        </Link>
      )}
      {terms && reading && (
        <Box maxH="240px" overflowY="auto" borderWidth="1px" borderColor="surface.200" borderRadius="card" p="4">
          <Heading as="h2" fontSize="md" mb="2">
            {terms.title}
          </Heading>
          <Text whiteSpace="pre-line" fontSize="sm">
            {terms.content}
          </Text>
        </Box>
      )}
      {(['acceptReceiveEmail', 'acceptTerms'] as const).map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <Checkbox
              checked={field.value === true}
              onChange={(checked) => field.onChange(checked)}
              name={name}
              label={t(`signUp.${name}`)}
            />
          )}
        />
      ))}
      {errors.acceptTerms?.message && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errors.acceptTerms.message}
        </Text>
      )}
    </Stack>
  );
}
