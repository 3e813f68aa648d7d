import { api, COMMUNICATION_FAILURE, session, toasts } from '@especifica/mf-shared';
import type { LoginBody, Role, TermsPending } from '@especifica/mf-shared/contracts';
import { loadOnce, useTexts } from '@especifica/mf-shared/plain';
import { RouterLink, useNavigate, useSearchParams } from '@especifica/mf-shared/router';
import { type CSSProperties, type FormEvent, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { ForgotPasswordPage, ProfessionalSignUpPage, ShopkeeperSignUpPage, TermsStep } from '../../../app/screens';
import { FieldScene } from '../../../components/field-scene';
import { addAuthStyles } from '../../../components/plain-styles';
import { RoleToggle } from '../../../components/role-toggle';
import { afterLogin, isTermsPending, login } from '../api/login';

type LoginContract = typeof import('@especifica/mf-shared/contracts')['loginBodySchema'];

/**
 * The contract the server validates with, and the API client's code, arrive when someone starts on the form (focus,
 * pointer) or submits it, not with the page: the login form's first paint waits for neither.
 */
const loadContract = loadOnce(() => import('@especifica/mf-shared/contracts').then((m) => m.loginBodySchema));
const warmUp = () => {
  void api.http().catch(() => undefined);
  void loadContract().catch(() => undefined);
};

interface Props {
  variant: 'participant' | 'admin';
}

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;

/** The fields in order: name (its label is the text `login.<name>`), input type, autocomplete. */
const fields = [
  ['email', 'email', 'username'],
  ['password', 'password', 'current-password'],
] as const;

/** The fields' messages of spec 5 from the contract the server validates with. */
function validate(contract: LoginContract, values: LoginBody): { data?: LoginBody; errors: Errors } {
  const parsed = contract.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function TextField({
  name,
  label,
  type,
  autoComplete,
  error,
  inputRef,
  onChange,
}: {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (name: Field, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="es-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="es-input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? `${id}-error` : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
      />
      <span id={`${id}-error`} className="es-error" aria-live="polite">
        {error}
      </span>
    </div>
  );
}

/** A link to another screen of this module, which starts downloading that screen on hover or focus. */
function ScreenLink({
  to,
  screen,
  style,
  onClick,
  children,
}: {
  to: string;
  screen: { preload: () => void };
  style?: CSSProperties;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <RouterLink
      to={to}
      className="es-link"
      style={style}
      onClick={onClick}
      onPointerEnter={screen.preload}
      onFocus={screen.preload}
    >
      {children}
    </RouterLink>
  );
}

/** The login card, drawn without the UI kit: /login downloads neither Chakra nor a form library. */
export function LoginPage({ variant }: Props) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [role, setRole] = useState<Role>(variant === 'admin' ? 'admin' : 'professional');
  const [pendingTerms, setPendingTerms] = useState<TermsPending | null>(null);
  const [choosingSignUp, setChoosingSignUp] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const values = useRef<LoginBody>({ email: '', password: '' });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // As a form library would: errors appear on submit, then follow every change (by then the contract is here).
  const submitted = useRef<LoginContract | null>(null);
  // A second submit while the contract is on its way would send the form twice.
  const loading = useRef(false);
  addAuthStyles();

  const onChange = (name: Field, value: string) => {
    values.current = { ...values.current, [name]: value };
    if (submitted.current) setErrors(validate(submitted.current, values.current).errors);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || loading.current) return;
    let contract: LoginContract;
    loading.current = true;
    try {
      contract = await loadContract();
    } catch {
      toasts.error(COMMUNICATION_FAILURE);
      return;
    } finally {
      loading.current = false;
    }
    submitted.current = contract;
    // What the fields hold now: a browser's autofill may have filled them without an input event.
    values.current = {
      email: inputs.current.email?.value ?? values.current.email,
      password: inputs.current.password?.value ?? values.current.password,
    };
    const { data: body, errors: found } = validate(contract, values.current);
    setErrors(found);
    if (!body) {
      const first = fields.find(([name]) => found[name]);
      if (first) inputs.current[first[0]]?.focus();
      return;
    }
    setSubmitting(true);
    const [data, error] = await login(role, body);
    setSubmitting(false);
    if (!data) {
      session.setLoginStatus('LOGIN_FAILED');
      if (error?.code === 'user-incomplete') {
        // Spec 4: the user id and the store list are kept for the complete-your-data step.
        session.setSignUp({ ...(error.data as Record<string, unknown>), mode: 'complete' });
        navigate('/sign-up-profissional');
        return;
      }
      if (error) toasts.error(error.code === 'invalid.credentials' ? t('login.invalidCredentials') : error.msg);
      return;
    }
    if (isTermsPending(data)) {
      session.setLoginStatus('LOGIN_ACCEPT_TERM_IN');
      setPendingTerms(data);
      return;
    }
    session.setUser({ ...data.user, accessToken: data.accessToken }, data.loginAllUsers === true);
    navigate(afterLogin(data, params.get('redirect')), { replace: true });
  }

  if (pendingTerms) {
    return (
      <Suspense fallback={null}>
        <TermsStep pending={pendingTerms} redirect={params.get('redirect')} />
      </Suspense>
    );
  }

  const forgot = variant === 'admin' ? '/cms/forgot-password' : '/forgot-password';
  return (
    <div className="es-auth">
      <div className="es-art">
        <FieldScene />
      </div>
      <form className="es-card" onSubmit={onSubmit} onFocus={warmUp} onPointerEnter={warmUp} noValidate>
        <p className="es-brand">{t('common.appName')}</p>
        <h1 className="es-title">{variant === 'admin' ? t('login.cmsTitle') : t('login.title')}</h1>
        {variant === 'participant' && <RoleToggle role={role} onChange={setRole} label={t('login.title')} />}
        <div className="es-stack">
          {fields.map(([name, type, autoComplete]) => (
            <TextField
              key={name}
              name={name}
              label={t(`login.${name}`)}
              type={type}
              autoComplete={autoComplete}
              error={errors[name]}
              inputRef={(element) => {
                inputs.current[name] = element;
              }}
              onChange={onChange}
            />
          ))}
          <ScreenLink
            to={forgot}
            screen={ForgotPasswordPage}
            style={{ alignSelf: 'flex-end' }}
            onClick={() => session.setRecoverPasswordType(role)}
          >
            {t('login.forgot')}
          </ScreenLink>
          <button
            type="submit"
            className="es-button es-solid es-lg"
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {t('login.submit')}
          </button>
          {variant === 'participant' &&
            (choosingSignUp ? (
              <fieldset className="es-choice" aria-label={t('signUp.choiceTitle')}>
                <p>{t('signUp.choiceTitle')}</p>
                <div>
                  <ScreenLink to="/sign-up-profissional" screen={ProfessionalSignUpPage}>
                    {t('signUp.professional')}
                  </ScreenLink>
                  <ScreenLink to="/sign-up-lojista" screen={ShopkeeperSignUpPage}>
                    {t('signUp.shopkeeper')}
                  </ScreenLink>
                </div>
              </fieldset>
            ) : (
              <button
                type="button"
                className="es-button es-ghost"
                onClick={() => setChoosingSignUp(true)}
                onPointerEnter={() => {
                  ProfessionalSignUpPage.preload();
                  ShopkeeperSignUpPage.preload();
                }}
              >
                {t('login.signUp')}
              </button>
            ))}
        </div>
      </form>
    </div>
  );
}
