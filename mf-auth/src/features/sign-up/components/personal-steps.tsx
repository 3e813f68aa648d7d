import { genders, modalities, professions, registrationFieldOf, ufs } from '@especifica/mf-shared/contracts';
import { masks } from '@especifica/mf-shared/controls';
import { Field, Input, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useWatch } from 'react-hook-form';
import { SelectField, type StepProps, TextField } from './fields';

export function PersonalStep({ register, control, errors, emailReadOnly }: StepProps & { emailReadOnly: boolean }) {
  const { t } = useTranslation();
  const field = { register, errors };
  return (
    <Stack gap="4">
      <TextField name="name" label={t('signUp.name')} autoComplete="name" {...field} />
      <TextField
        name="email"
        label={t('signUp.email')}
        type="email"
        autoComplete="email"
        readOnly={emailReadOnly}
        {...field}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          name="cellphone"
          label={t('signUp.phone')}
          type="tel"
          mask={masks.phone}
          autoComplete="tel"
          {...field}
        />
        <TextField name="cpf" label={t('signUp.cpf')} inputMode="numeric" mask={masks.cpf} {...field} />
        <TextField name="birthDate" label={t('signUp.birthDate')} inputMode="numeric" mask={masks.date} {...field} />
        <SelectField name="gender" label={t('signUp.gender')} options={genders} control={control} errors={errors} />
      </SimpleGrid>
    </Stack>
  );
}

export function AddressStep({
  register,
  control,
  errors,
  cepState,
}: StepProps & { cepState: 'idle' | 'looking' | 'manual' }) {
  const { t } = useTranslation();
  const field = { register, errors };
  return (
    <Stack gap="4">
      <TextField
        name="zipCode"
        label={t('signUp.zipCode')}
        inputMode="numeric"
        mask={masks.cep}
        autoComplete="postal-code"
        {...field}
      />
      {cepState === 'looking' && <Text color="muted">{t('signUp.cepLooking')}</Text>}
      {cepState === 'manual' && (
        <Text color="muted" role="status">
          {t('signUp.cepManual')}
        </Text>
      )}
      <TextField name="street" label={t('signUp.street')} autoComplete="address-line1" {...field} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="number" label={t('signUp.number')} {...field} />
        <TextField name="complement" label={t('signUp.complement')} autoComplete="address-line2" {...field} />
        <TextField name="neighborhood" label={t('signUp.neighborhood')} {...field} />
        <TextField name="city" label={t('signUp.city')} autoComplete="address-level2" {...field} />
      </SimpleGrid>
      <SelectField name="state" label={t('signUp.state')} options={ufs} control={control} errors={errors} />
    </Stack>
  );
}

interface ProfessionProps extends StepProps {
  file: File | null;
  onFile: (file: File | null) => void;
  fileError: string | null;
  stores: Array<{ id: string; name: string }> | null;
}

export function ProfessionStep({ register, control, errors, file, onFile, fileError, stores }: ProfessionProps) {
  const { t } = useTranslation();
  const profession = useWatch({ control, name: 'profession' });
  const registration = registrationFieldOf(profession);
  const field = { register, errors };
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          name="profession"
          label={t('signUp.profession')}
          options={professions}
          control={control}
          errors={errors}
        />
        <SelectField
          name="modality"
          label={t('signUp.modality')}
          options={modalities}
          control={control}
          errors={errors}
        />
      </SimpleGrid>
      {registration && <TextField name="registration" label={t(`signUp.${registration}`)} {...field} />}
      {registration === 'abd' && (
        <Field.Root invalid={Boolean(fileError)}>
          <Field.Label>{t('signUp.abdFile')}</Field.Label>
          <Input
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            p="1"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
          {file && <Field.HelperText>{file.name}</Field.HelperText>}
          <Field.ErrorText>{fileError}</Field.ErrorText>
        </Field.Root>
      )}
      <TextField name="officeName" label={t('signUp.officeName')} {...field} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="officeCnpj" label={t('signUp.officeCnpj')} mask={masks.cnpj} {...field} />
        <TextField name="officeRole" label={t('signUp.officeRole')} {...field} />
      </SimpleGrid>
      {stores && stores.length > 0 && (
        <SelectField
          name="referenceStore"
          label={t('signUp.referenceStore')}
          options={stores.map((store) => ({ label: store.name, value: store.id }))}
          control={control}
          errors={errors}
        />
      )}
    </Stack>
  );
}
