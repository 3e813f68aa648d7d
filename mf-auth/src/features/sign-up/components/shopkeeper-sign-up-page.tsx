import { session, toasts } from '@especifica/mf-shared';
import {
  accountMessages,
  confirmPasswordSchema,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  newPasswordSchema,
  onlyDigits,
  type StoreSummary,
  stripCnpj,
} from '@especifica/mf-shared/contracts';
import { Checkbox } from '@especifica/mf-shared/controls';
import { Controller, MaskedInput, masks, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { useNavigate } from '@especifica/mf-shared/router';
import { Alert, Button, Field, HStack, Input, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { z } from 'zod/mini';
import { AuthCard } from '../../../components/auth-card';
import { createShopkeeper, storeByCnpj } from '../api/sign-up';

const schema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, accountMessages.name), z.maxLength(160, accountMessages.name)),
    email: z.string().check(z.trim(), z.email(accountMessages.email)),
    cellphone: z.string().check(z.refine(isValidPhone, accountMessages.phone)),
    cpf: z.string().check(z.refine(isValidCpf, accountMessages.document)),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
    acceptTerms: z.boolean().check(z.refine((v) => v, accountMessages.acceptTerms)),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: accountMessages.signUpPasswordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
type Form = z.infer<typeof schema>;

export function ShopkeeperSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cnpj, setCnpj] = useState('');
  const [cnpjError, setCnpjError] = useState<string | null>(null);
  const [store, setStore] = useState<StoreSummary | null>(null);
  const [searching, setSearching] = useState(false);
  const cnpjMask = masks.cnpj;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      cellphone: '',
      cpf: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  async function findStore() {
    if (!isValidCnpj(cnpj)) return setCnpjError(accountMessages.cnpj);
    setSearching(true);
    const [data, error] = await storeByCnpj(stripCnpj(cnpj));
    setSearching(false);
    setStore(data);
    setCnpjError(data ? null : error?.code === 'store-not-found' ? t('signUp.storeNotFound') : (error?.msg ?? null));
  }

  const onSubmit = handleSubmit(
    async (form) => {
      if (!store) return;
      const [data, error] = await createShopkeeper({
        storeId: store.id,
        name: form.name,
        email: form.email,
        cellphone: onlyDigits(form.cellphone),
        cpf: onlyDigits(form.cpf),
        password: form.password,
        acceptTerms: true,
      });
      if (!data) {
        if (error) toasts.error(error.msg);
        return;
      }
      session.setSignUp({ email: form.email, status: 'shopkeeper' });
      navigate('/sign-up-finished', { replace: true });
    },
    (invalid) => {
      if (invalid.confirmPassword?.message === accountMessages.signUpPasswordsDoNotMatch) {
        toasts.error(accountMessages.signUpPasswordsDoNotMatch);
      }
    },
  );

  const text = (name: 'name' | 'email' | 'password' | 'confirmPassword', label: string, type = 'text') => (
    <Field.Root invalid={Boolean(errors[name])}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} {...register(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <AuthCard title={t('signUp.shopkeeperTitle')} onSubmit={onSubmit} maxW="640px">
      <Stack gap="4">
        <Field.Root invalid={Boolean(cnpjError)}>
          <Field.Label>{t('signUp.storeCnpj')}</Field.Label>
          <HStack w="full">
            <MaskedInput
              maskOptions={cnpjMask}
              registration={{
                name: 'storeCnpj',
                onChange: async (event) => setCnpj(event.target.value),
                onBlur: async () => undefined,
                ref: () => undefined,
              }}
              readOnly={Boolean(store)}
            />
            {store ? (
              <Button type="button" variant="outline" colorPalette="primary" onClick={() => setStore(null)}>
                {t('signUp.changeStore')}
              </Button>
            ) : (
              <Button type="button" colorPalette="primary" loading={searching} onClick={findStore}>
                {t('signUp.findStore')}
              </Button>
            )}
          </HStack>
          <Field.ErrorText>{cnpjError}</Field.ErrorText>
        </Field.Root>
        {store && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{t('signUp.storeFound', { name: store.name })}</Alert.Title>
          </Alert.Root>
        )}
        {store && (
          <>
            {text('name', t('signUp.name'))}
            {text('email', t('signUp.email'), 'email')}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(errors.cellphone)}>
                <Field.Label>{t('signUp.phone')}</Field.Label>
                <MaskedInput maskOptions={masks.phone} registration={register('cellphone')} type="tel" />
                <Field.ErrorText>{errors.cellphone?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.cpf)}>
                <Field.Label>{t('signUp.cpf')}</Field.Label>
                <MaskedInput maskOptions={masks.cpf} registration={register('cpf')} inputMode="numeric" />
                <Field.ErrorText>{errors.cpf?.message}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            {text('password', t('signUp.password'), 'password')}
            {text('confirmPassword', t('signUp.confirmPassword'), 'password')}
            <Controller
              name="acceptTerms"
              control={control}
              render={({ field }) => (
                <Checkbox checked={field.value} onChange={field.onChange} label={t('signUp.acceptTerms')} />
              )}
            />
            {errors.acceptTerms?.message && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.acceptTerms.message}
              </Text>
            )}
            <Button type="submit" colorPalette="primary" size="lg" loading={isSubmitting}>
              {t('signUp.finish')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
