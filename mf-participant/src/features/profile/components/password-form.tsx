import { type Result, toasts } from '@especifica/mf-shared';
import {
  type PasswordChangeForm,
  type ProfileUpdated,
  passwordChangeFormSchema,
} from '@especifica/mf-shared/contracts';
import { Button, chakra, Text, useTranslation } from '@especifica/mf-shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { applyToSession } from '../api/profile';
import { TextField } from './fields';

const schema = passwordChangeFormSchema;
type Values = PasswordChangeForm;

/** Asks the current password; the server ends every other session and answers a fresh token for this one. */
export function PasswordForm({
  send,
}: {
  send: (change: { password: string; currentPassword: string }) => Promise<Result<ProfileUpdated>>;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password, currentPassword }) => {
    const [data, error] = await send({ password, currentPassword });
    if (!data) {
      const issue = Array.isArray(error?.data)
        ? (error.data as Array<{ field: string; message: string }>)[0]
        : undefined;
      if (issue?.field === 'currentPassword' || issue?.field === 'password')
        setError(issue.field, { message: issue.message });
      if (error) toasts.error(error.msg);
      return;
    }
    applyToSession(data);
    reset();
    toasts.success(t('profile.passwordChanged'));
  });

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="4" maxW="420px">
      <Text color="muted" fontSize="sm">
        {t('profile.passwordText')}
      </Text>
      <TextField<Values>
        name="currentPassword"
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        register={register}
        error={errors.currentPassword?.message}
      />
      <TextField<Values>
        name="password"
        label={t('profile.newPassword')}
        type="password"
        autoComplete="new-password"
        register={register}
        error={errors.password?.message}
      />
      <TextField<Values>
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        type="password"
        autoComplete="new-password"
        register={register}
        error={errors.confirmPassword?.message}
      />
      <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={isSubmitting}>
        {t('profile.changePassword')}
      </Button>
    </chakra.form>
  );
}
