import { toasts } from '@especifica/mf-shared';
import { formatCpf, onlyDigits, type ProfileData } from '@especifica/mf-shared/contracts';
import {
  applyProfileUpdate,
  EmailField,
  Form,
  MaskedField,
  RequiredNote,
  SubmitButton,
  TextField,
  useForm,
} from '@especifica/mf-shared/forms';
import { SimpleGrid, Text, useTranslation } from '@especifica/mf-shared/ui';
import { toFormData, updateShopkeeper } from '../api/profile';

type Profile = Extract<ProfileData, { userType: 'shopkeeper' }>;

const shopkeeperValues = (p: Profile) => ({
  name: p.name,
  email: p.email,
  cellphone: p.cellphone ?? '',
  cpf: p.cpf ? formatCpf(p.cpf) : '',
});
type ShopkeeperValues = ReturnType<typeof shopkeeperValues>;

/** Spec 7.11 update-me: _id, name, email, cellphone, cpf (the password has its own form). */
export function ShopkeeperForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const form = useForm<ShopkeeperValues>({ defaultValues: shopkeeperValues(profile) });

  const send = async (v: ShopkeeperValues) => {
    const body = { _id: profile._id, ...v, cellphone: onlyDigits(v.cellphone), cpf: onlyDigits(v.cpf) };
    const [data, error] = await updateShopkeeper(toFormData(body));
    if (!data) return error;
    applyProfileUpdate(data);
    toasts.success(t('profile.saved'));
    return null;
  };

  return (
    <Form form={form} onSubmit={send} toast="always" display="flex" flexDirection="column" gap="4">
      <Text color="muted">
        {t('profile.store')}: {profile.store.name}
      </Text>
      <RequiredNote />
      <TextField<ShopkeeperValues> name="name" label={t('signUp.name')} required />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <EmailField<ShopkeeperValues> name="email" label={t('signUp.email')} required />
        <MaskedField<ShopkeeperValues> name="cellphone" label={t('signUp.phone')} mask="phone" />
        <MaskedField<ShopkeeperValues> name="cpf" label={t('signUp.cpf')} mask="cpf" />
      </SimpleGrid>
      <SubmitButton alignSelf="flex-start">{t('profile.save')}</SubmitButton>
    </Form>
  );
}
