import { toasts } from '@especifica/mf-shared';
import { formatCpf, onlyDigits, type ProfileData } from '@especifica/mf-shared/contracts';
import { masks } from '@especifica/mf-shared/controls';
import { Button, chakra, SimpleGrid, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type Path, useForm } from 'react-hook-form';
import { applyToSession, toFormData, updateShopkeeper } from '../api/profile';
import { fieldErrors, TextField } from './fields';

type Profile = Extract<ProfileData, { userType: 'shopkeeper' }>;

const shopkeeperValues = (p: Profile) => ({
  name: p.name,
  email: p.email,
  cellphone: p.cellphone ?? '',
  cpf: p.cpf ? formatCpf(p.cpf) : '',
});
type ShopkeeperValues = ReturnType<typeof shopkeeperValues>;

const shopkeeperBody = (id: string, v: ShopkeeperValues) => ({
  _id: id,
  name: v.name,
  email: v.email,
  cellphone: onlyDigits(v.cellphone),
  cpf: onlyDigits(v.cpf),
});

/** Spec 7.11 update-me: _id, name, email, cellphone, cpf (the password has its own form). */
export function ShopkeeperForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShopkeeperValues>({ defaultValues: shopkeeperValues(profile) });

  const onSubmit = handleSubmit(async (values) => {
    const [data, error] = await updateShopkeeper(toFormData(shopkeeperBody(profile._id, values)));
    if (!data) {
      const names = { name: 'name', email: 'email', cellphone: 'cellphone', cpf: 'cpf' };
      for (const [name, message] of fieldErrors(error?.data, names))
        setError(name as Path<ShopkeeperValues>, { message });
      if (error) toasts.error(error.msg);
      return;
    }
    applyToSession(data);
    toasts.success(t('profile.saved'));
  });

  const field = (name: Path<ShopkeeperValues>, label: string, mask?: Parameters<typeof TextField>[0]['mask']) => (
    <TextField<ShopkeeperValues>
      name={name}
      label={label}
      register={register}
      error={errors[name]?.message}
      mask={mask}
    />
  );
  return (
    <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="4">
      <Text color="muted">
        {t('profile.store')}: {profile.store.name}
      </Text>
      {field('name', t('signUp.name'))}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {field('email', t('signUp.email'))}
        {field('cellphone', t('signUp.phone'), masks.phone)}
        {field('cpf', t('signUp.cpf'), masks.cpf)}
      </SimpleGrid>
      <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={isSubmitting}>
        {t('profile.save')}
      </Button>
    </chakra.form>
  );
}
