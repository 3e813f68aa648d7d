import { type ComponentType, lazy } from 'react';

/**
 * Every screen but the login is its own chunk, drawn with the UI kit: /login downloads neither them nor Chakra. A
 * loader fetches the screen with the kit (whose provider it renders in), so the links that lead to a screen can
 * start both downloads on hover or focus, before the click.
 */
function kitScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  const both = () => Promise.all([import('@especifica/mf-shared/ui'), load()]);
  const Screen = lazy(() =>
    both().then(([{ UiProvider }, Page]) => ({
      default: (props: P) => (
        <UiProvider>
          <Page {...props} />
        </UiProvider>
      ),
    })),
  );
  return Object.assign(Screen, { preload: () => void both().catch(() => undefined) });
}

export const ForgotPasswordPage = kitScreen(() =>
  import('../features/recovery/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = kitScreen(() =>
  import('../features/recovery/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const PasswordRecoveredPage = kitScreen(() =>
  import('../features/recovery/components/password-recovered-page').then((m) => m.PasswordRecoveredPage),
);
export const ProfessionalSignUpPage = kitScreen(() =>
  import('../features/sign-up/components/professional-sign-up-page').then((m) => m.ProfessionalSignUpPage),
);
export const ShopkeeperSignUpPage = kitScreen(() =>
  import('../features/sign-up/components/shopkeeper-sign-up-page').then((m) => m.ShopkeeperSignUpPage),
);
export const SignUpFinishedPage = kitScreen(() =>
  import('../features/sign-up/components/sign-up-finished-page').then((m) => m.SignUpFinishedPage),
);
export const CustomerObjectionPage = kitScreen(() =>
  import('../features/customer-objection/components/customer-objection-page').then((m) => m.CustomerObjectionPage),
);
export const EmailConfirmPage = kitScreen(() =>
  import('../features/sign-up/components/email-confirm-page').then((m) => m.EmailConfirmPage),
);
export const AccountsPage = kitScreen(() =>
  import('../features/accounts/components/accounts-page').then((m) => m.AccountsPage),
);
/** Only a person with a pending regulation downloads the acceptance step (LOGIN_ACCEPT_TERM_IN). */
export const TermsStep = kitScreen(() => import('../features/login/components/terms-step').then((m) => m.TermsStep));
