import { toasts } from '@especifica/mf-shared';
import {
  birthDateToIso,
  formatCnpj,
  formatCpf,
  genders,
  isoToBirthDate,
  modalities,
  onlyDigits,
  type ProfileData,
  professions,
  registrationFieldOf,
  stripCnpj,
  ufs,
} from '@especifica/mf-shared/contracts';
import { masks, Select } from '@especifica/mf-shared/controls';
import { Button, chakra, SimpleGrid, useTranslation } from '@especifica/mf-shared/ui';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { applyToSession, toFormData, updateProfessional } from '../api/profile';
import { fieldErrors, TextField } from './fields';

type Profile = Extract<ProfileData, { userType: 'professional' }>;

const valuesOf = (p: Profile) => ({
  name: p.name,
  email: p.email,
  cellphone: p.cellphone ?? '',
  cpf: p.userData.cpf ? formatCpf(p.userData.cpf) : '',
  birthDate: p.userData.birthDate ? isoToBirthDate(p.userData.birthDate) : '',
  gender: p.userData.gender ?? '',
  zipCode: p.address?.zipCode ?? '',
  street: p.address?.street ?? '',
  number: p.address?.number ?? '',
  complement: p.address?.complement ?? '',
  neighborhood: p.address?.neighborhood ?? '',
  city: p.address?.city ?? '',
  state: p.address?.state ?? '',
  profession: p.profession ?? '',
  modality: p.modality ?? '',
  registration: p.cau ?? p.crea ?? p.abd ?? '',
  officeName: p.office?.name ?? '',
  officeCnpj: p.office?.cnpj ? formatCnpj(p.office.cnpj) : '',
  officeRole: p.office?.role ?? '',
  instagram: p.socialMedia?.instagram ?? '',
  facebook: p.socialMedia?.facebook ?? '',
  behance: p.socialMedia?.behance ?? '',
  pinterest: p.socialMedia?.pinterest ?? '',
});
type Values = ReturnType<typeof valuesOf>;

/** The update-me body of spec 3 from the form. */
function professionalBody(id: string, v: Values, acceptReceiveEmail: boolean) {
  const registration = registrationFieldOf(v.profession);
  return {
    _id: id,
    name: v.name,
    email: v.email,
    cellphone: onlyDigits(v.cellphone),
    userData: {
      cpf: onlyDigits(v.cpf),
      birthDate: birthDateToIso(v.birthDate),
      ...(v.gender ? { gender: v.gender } : {}),
    },
    address: {
      zipCode: onlyDigits(v.zipCode),
      street: v.street,
      number: v.number,
      complement: v.complement,
      neighborhood: v.neighborhood,
      city: v.city,
      state: v.state,
    },
    profession: v.profession,
    modality: v.modality,
    ...(registration ? { [registration]: v.registration } : {}),
    office: { name: v.officeName, cnpj: stripCnpj(v.officeCnpj), role: v.officeRole },
    socialMedia: { instagram: v.instagram, facebook: v.facebook, behance: v.behance, pinterest: v.pinterest },
    acceptReceiveEmail,
  };
}

const serverNames: Record<string, string> = {
  name: 'name',
  email: 'email',
  cellphone: 'cellphone',
  'userData.cpf': 'cpf',
  'userData.birthDate': 'birthDate',
  'address.zipCode': 'zipCode',
  'address.street': 'street',
  'address.number': 'number',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  cau: 'registration',
  crea: 'registration',
  abd: 'registration',
  'office.cnpj': 'officeCnpj',
};

export function ProfessionalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: valuesOf(profile) });
  const registration = registrationFieldOf(useWatch({ control, name: 'profession' }));
  const field = (
    name: Path<Values>,
    label: string,
    extra: { type?: string; mask?: Parameters<typeof TextField>[0]['mask'] } = {},
  ) => <TextField<Values> name={name} label={label} register={register} error={errors[name]?.message} {...extra} />;
  const select = (name: 'gender' | 'state' | 'profession' | 'modality', label: string, options: readonly string[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f }) => (
        <Select
          label={label}
          options={options.map((o) => ({ label: o, value: o }))}
          value={f.value || null}
          onChange={(value) => f.onChange(value)}
        />
      )}
    />
  );

  const onSubmit = handleSubmit(async (values) => {
    const [data, error] = await updateProfessional(
      toFormData(professionalBody(profile._id, values, profile.acceptReceiveEmail)),
    );
    if (!data) {
      for (const [name, message] of fieldErrors(error?.data, serverNames)) setError(name as Path<Values>, { message });
      if (error) toasts.error(error.msg);
      return;
    }
    applyToSession(data);
    toasts.success(t('profile.saved'));
  });

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="4">
      {field('name', t('signUp.name'))}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('email', t('signUp.email'), { type: 'email' })}
        {field('cellphone', t('signUp.phone'), { type: 'tel', mask: masks.phone })}
        {field('cpf', t('signUp.cpf'), { mask: masks.cpf })}
        {field('birthDate', t('signUp.birthDate'), { mask: masks.date })}
        {select('gender', t('signUp.gender'), genders)}
        {field('zipCode', t('signUp.zipCode'), { mask: masks.cep })}
        {field('street', t('signUp.street'))}
        {field('number', t('signUp.number'))}
        {field('complement', t('signUp.complement'))}
        {field('neighborhood', t('signUp.neighborhood'))}
        {field('city', t('signUp.city'))}
        {select('state', t('signUp.state'), ufs)}
        {select('profession', t('signUp.profession'), professions)}
        {select('modality', t('signUp.modality'), modalities)}
        {registration && field('registration', t(`signUp.${registration}`))}
        {field('officeName', t('signUp.officeName'))}
        {field('officeCnpj', t('signUp.officeCnpj'), { mask: masks.cnpj })}
        {field('officeRole', t('signUp.officeRole'))}
        {field('instagram', t('signUp.instagram'))}
        {field('facebook', t('signUp.facebook'))}
        {field('behance', t('signUp.behance'))}
        {field('pinterest', t('signUp.pinterest'))}
      </SimpleGrid>
      <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={isSubmitting}>
        {t('profile.save')}
      </Button>
    </chakra.form>
  );
}
