import { genders, modalities, professions, registrationFieldOf, ufs } from '@especifica/mf-shared/contracts';
import { SimpleGrid, Stack, useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { CepLookup } from './cep';
import { EmailField, MaskedField, SelectField, TextField } from './fields';
import type { ProfessionalValues } from './professional';

// The parts of a professional's form (the sign-up shows one per step, the profile all of them); each finds its form
// by context, so the form may hold more fields than these (the sign-up's password and terms).

type V = ProfessionalValues;

export function ProfessionalPersonalFields({ emailReadOnly = false }: { emailReadOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <TextField<V> name="name" label={t('signUp.name')} autoComplete="name" required />
      <EmailField<V> name="email" label={t('signUp.email')} readOnly={emailReadOnly} required />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <MaskedField<V> name="cellphone" label={t('signUp.phone')} mask="phone" autoComplete="tel" required />
        <MaskedField<V> name="cpf" label={t('signUp.cpf')} mask="cpf" required />
        <MaskedField<V> name="birthDate" label={t('signUp.birthDate')} mask="date" required />
        <SelectField<V> name="gender" label={t('signUp.gender')} options={genders} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * `lookupCep`: a CEP typed fills the address (ViaCEP through the API, typed by hand when it does not answer), saying
 * so under the CEP. `afterZipCode`: what else the screen says there.
 */
export function ProfessionalAddressFields({
  afterZipCode,
  lookupCep = false,
}: {
  afterZipCode?: ReactNode;
  lookupCep?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <MaskedField<V> name="zipCode" label={t('signUp.zipCode')} mask="cep" autoComplete="postal-code" required />
      {lookupCep && <CepLookup />}
      {afterZipCode}
      <TextField<V> name="street" label={t('signUp.street')} autoComplete="address-line1" required />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField<V> name="number" label={t('signUp.number')} required />
        <TextField<V> name="complement" label={t('signUp.complement')} autoComplete="address-line2" />
        <TextField<V> name="neighborhood" label={t('signUp.neighborhood')} required />
        <TextField<V> name="city" label={t('signUp.city')} autoComplete="address-level2" required />
      </SimpleGrid>
      <SelectField<V> name="state" label={t('signUp.state')} options={ufs} required />
    </Stack>
  );
}

/**
 * Profession, modality, the registration number the profession has (CAU, CREA or ABD) and the office.
 * `renderAfterRegistration` gets that registration (e.g. the sign-up's ABD certificate); `children` come last.
 */
export function ProfessionalProfessionFields({
  renderAfterRegistration,
  children,
}: {
  renderAfterRegistration?: (registration: 'cau' | 'crea' | 'abd' | null) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const registration = registrationFieldOf(useWatch<V, 'profession'>({ name: 'profession' }) ?? '');
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField<V> name="profession" label={t('signUp.profession')} options={professions} required />
        <SelectField<V> name="modality" label={t('signUp.modality')} options={modalities} required />
      </SimpleGrid>
      {registration && <TextField<V> name="registration" label={t(`signUp.${registration}`)} required />}
      {renderAfterRegistration?.(registration)}
      <TextField<V> name="officeName" label={t('signUp.officeName')} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <MaskedField<V> name="officeCnpj" label={t('signUp.officeCnpj')} mask="cnpj" />
        <TextField<V> name="officeRole" label={t('signUp.officeRole')} />
      </SimpleGrid>
      {children}
    </Stack>
  );
}

export function ProfessionalSocialFields() {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {(['instagram', 'facebook', 'behance', 'pinterest'] as const).map((name) => (
        <TextField<V> key={name} name={name} label={t(`signUp.${name}`)} />
      ))}
    </SimpleGrid>
  );
}
