import { Checkbox } from '@especifica/mf-shared/controls';
import { Controller, PasswordField, ProfessionalSocialFields, useFormContext } from '@especifica/mf-shared/forms';
import { Link, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { RegulationBox } from '../../../components/regulation-box';
import type { SignUpForm } from '../model';

export function PasswordStep() {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <PasswordField<SignUpForm>
        name="password"
        label={t('signUp.password')}
        autoComplete="new-password"
        helper={t('recovery.passwordHint')}
      />
      <PasswordField<SignUpForm>
        name="confirmPassword"
        label={t('signUp.confirmPassword')}
        autoComplete="new-password"
      />
    </Stack>
  );
}

export const SocialStep = ProfessionalSocialFields;

export function TermsStep({ terms }: { terms: { title: string; content: string } | null }) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<SignUpForm>();
  const [reading, setReading] = useState(false);
  return (
    <Stack gap="4">
      {terms && (
        <Link as="button" color="brand" alignSelf="flex-start" onClick={() => setReading((open) => !open)}>
          {t('signUp.readTerms')}
        </Link>
      )}
      {terms && reading && <RegulationBox terms={terms} maxH="240px" />}
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
