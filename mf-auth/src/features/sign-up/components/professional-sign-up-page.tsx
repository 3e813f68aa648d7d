import { session, toasts } from '@especifica/mf-shared';
import {
  type ApiError,
  accountMessages,
  onlyDigits,
  registrationFieldOf,
  type UserIncompleteData,
} from '@especifica/mf-shared/contracts';
import { applyServerError, FormProvider, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { RouterLink, useNavigate, useSearchParams } from '@especifica/mf-shared/router';
import { Button, HStack, Link, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useMemo, useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { completeProfessional, createProfessional, currentTerms, emailAvailability, preRegister } from '../api/sign-up';
import {
  emptyForm,
  type SignUpForm,
  type StepId,
  serverFieldMap,
  signUpSchema,
  stepFields,
  toFormData,
} from '../model';
import { PasswordStep, SocialStep, TermsStep } from './account-steps';
import { AddressStep, PersonalStep, ProfessionStep } from './personal-steps';

const titles: Record<StepId, string> = {
  personal: 'signUp.stepPersonal',
  address: 'signUp.stepAddress',
  profession: 'signUp.stepProfession',
  password: 'signUp.stepPassword',
  social: 'signUp.stepSocial',
  terms: 'signUp.stepTerms',
};

/** The complete-your-data step keeps what login answered with user-incomplete (spec 4). */
function incompleteData(signUp: Record<string, unknown> | null): UserIncompleteData | null {
  if (signUp?.mode !== 'complete' || typeof signUp.registrationToken !== 'string') return null;
  return signUp as unknown as UserIncompleteData;
}

export function ProfessionalSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSession((state) => state.signUp);
  const completing = useMemo(() => incompleteData(signUp), [signUp]);
  const steps: StepId[] = completing
    ? ['personal', 'address', 'profession', 'social', 'terms']
    : ['personal', 'address', 'profession', 'password', 'social', 'terms'];
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [terms, setTerms] = useState<{ title: string; content: string } | null>(null);
  const invite = {
    referenceStore: params.get('referenceStore') ?? undefined,
    referenceSeller: params.get('referenceSeller') ?? undefined,
  };

  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpSchema({ withPassword: !completing })),
    defaultValues: { ...emptyForm, name: completing?.user.name ?? '', email: completing?.user.email ?? '' },
    mode: 'onTouched',
  });
  const {
    handleSubmit,
    trigger,
    setError,
    getValues,
    formState: { isSubmitting },
  } = form;
  const current = steps[step] ?? 'personal';

  useEffect(() => {
    void currentTerms().then(([data]) => setTerms(data));
  }, []);

  function fileIsMissing(): boolean {
    const needed = registrationFieldOf(getValues('profession')) === 'abd' && !file && !completing;
    setFileError(needed ? t('signUp.abdFileRequired') : null);
    return needed;
  }

  /**
   * The rules between fields, checked per step: the schema's own cross-field checks only run once every field of the
   * whole form is valid, which the later steps are not yet.
   */
  function crossFieldError(): boolean {
    const { profession, registration, password, confirmPassword } = getValues();
    if (current === 'profession' && registrationFieldOf(profession) && !registration.trim()) {
      setError('registration', { message: accountMessages.registrationNumber });
      return true;
    }
    if (current === 'password' && password !== confirmPassword && confirmPassword !== '') {
      setError('confirmPassword', { message: accountMessages.signUpPasswordsDoNotMatch });
      // Spec 5: a toast as well as the field error.
      toasts.error(accountMessages.signUpPasswordsDoNotMatch);
      return true;
    }
    return false;
  }

  async function next() {
    const valid = await trigger(stepFields[current]);
    if (crossFieldError() || !valid) return;
    if (current === 'profession' && fileIsMissing()) return;
    if (current === 'personal' && !completing && !(await emailIsFree())) return;
    setStep((s) => s + 1);
  }

  async function emailIsFree(): Promise<boolean> {
    const { email, name, cellphone } = getValues();
    const [availability] = await emailAvailability(email);
    if (availability?.code === 'finish-register') {
      toasts.error(t('signUp.finishRegister'));
      setError('email', { message: t('signUp.finishRegister') });
      return false;
    }
    if (availability && !availability.available) {
      setError('email', { message: t('signUp.emailTaken') });
      return false;
    }
    void preRegister({ name, email, cellphone: onlyDigits(cellphone), ...invite });
    return true;
  }

  function showServerError(error: ApiError) {
    const fileIssue = Array.isArray(error.data)
      ? (error.data as Array<{ field?: string; message?: string }>).find((issue) => issue.field === 'file')
      : undefined;
    if (fileIssue?.message) setFileError(fileIssue.message);
    // Spec 8: every refusal toasts, except acceptTerms-required, shown beside its checkbox only.
    const named = applyServerError(form, error, {
      fields: serverFieldMap,
      toast: 'always',
      quietCodes: ['acceptTerms-required'],
    });
    const first = steps.findIndex((id) => named.some((name) => stepFields[id].includes(name as keyof SignUpForm)));
    if (first >= 0) setStep(first);
  }

  const onSubmit = handleSubmit(
    async (form) => {
      if (fileIsMissing()) return;
      const payload = toFormData(form, { file, ...invite, registrationToken: completing?.registrationToken });
      if (completing) {
        const [data, error] = await completeProfessional(payload);
        if (!data) return error && showServerError(error);
        session.setSignUp({ email: form.email, status: data.status });
        navigate('/sign-up-finished', { replace: true });
        return;
      }
      const [data, error] = await createProfessional(payload);
      if (!data) return error && showServerError(error);
      session.setSignUp({ email: form.email, status: 'awaiting_email' });
      navigate('/sign-up-finished', { replace: true });
    },
    () => toasts.error(t('recovery.failed')),
  );

  return (
    <AuthCard
      title={completing ? t('signUp.completeTitle') : t('signUp.professionalTitle')}
      onSubmit={onSubmit}
      maxW="720px"
    >
      {completing && <Text mb="4">{t('signUp.completeText', { name: completing.user.name })}</Text>}
      {invite.referenceStore && !completing && (
        <Text mb="4" color="muted">
          {t('signUp.invitedBy')}
        </Text>
      )}
      <Text color="muted" fontSize="sm">
        {t('signUp.step', { current: step + 1, total: steps.length })}
      </Text>
      <Text as="h2" fontSize="lg" fontWeight="bold" mb="4">
        {t(titles[current])}
      </Text>
      <FormProvider {...form}>
        <Stack gap="6">
          {current === 'personal' && <PersonalStep emailReadOnly={Boolean(completing)} />}
          {current === 'address' && <AddressStep />}
          {current === 'profession' && (
            <ProfessionStep
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                if (chosen) setFileError(null);
              }}
              onRefuse={setFileError}
              fileError={fileError}
              stores={completing?.stores ?? null}
            />
          )}
          {current === 'password' && <PasswordStep />}
          {current === 'social' && <SocialStep />}
          {current === 'terms' && <TermsStep terms={terms} />}
          <HStack justify="space-between">
            {step > 0 ? (
              <Button type="button" variant="outline" colorPalette="primary" onClick={() => setStep((s) => s - 1)}>
                {t('signUp.back')}
              </Button>
            ) : (
              <Link asChild color="brand">
                <RouterLink to="/login">{t('recovery.backToLogin')}</RouterLink>
              </Link>
            )}
            {current === 'terms' ? (
              <Button type="submit" colorPalette="primary" loading={isSubmitting}>
                {t('signUp.finish')}
              </Button>
            ) : (
              <Button type="button" colorPalette="primary" onClick={next}>
                {t('signUp.next')}
              </Button>
            )}
          </HStack>
        </Stack>
      </FormProvider>
    </AuthCard>
  );
}
