import { BrowserRouter, Navigate, Route, Routes } from '@especifica/mf-shared/router';
import { Center, Spinner } from '@especifica/mf-shared/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginPage } from '../features/login/components/login-page';

// Every page but login is its own chunk: /login must not download the recovery and sign-up screens.
const ForgotPasswordPage = lazy(() =>
  import('../features/recovery/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/recovery/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const PasswordRecoveredPage = lazy(() =>
  import('../features/recovery/components/password-recovered-page').then((m) => ({
    default: m.PasswordRecoveredPage,
  })),
);

const ProfessionalSignUpPage = lazy(() =>
  import('../features/sign-up/components/professional-sign-up-page').then((m) => ({
    default: m.ProfessionalSignUpPage,
  })),
);
const ShopkeeperSignUpPage = lazy(() =>
  import('../features/sign-up/components/shopkeeper-sign-up-page').then((m) => ({ default: m.ShopkeeperSignUpPage })),
);
const SignUpFinishedPage = lazy(() =>
  import('../features/sign-up/components/sign-up-finished-page').then((m) => ({ default: m.SignUpFinishedPage })),
);
const EmailConfirmPage = lazy(() =>
  import('../features/sign-up/components/email-confirm-page').then((m) => ({ default: m.EmailConfirmPage })),
);
const AccountsPage = lazy(() =>
  import('../features/accounts/components/accounts-page').then((m) => ({ default: m.AccountsPage })),
);

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center minH="50vh">
          <Spinner color="brand" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

export function Root() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPage variant="participant" />} />
        <Route path="/cms/login" element={<LoginPage variant="admin" />} />
        {['/forgot-password', '/cms/forgot-password'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <ForgotPasswordPage />
              </Page>
            }
          />
        ))}
        {['/reset-password', '/cms/reset-password'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <ResetPasswordPage />
              </Page>
            }
          />
        ))}
        {['/password-recovered', '/cms/password-recovered'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <PasswordRecoveredPage />
              </Page>
            }
          />
        ))}
        <Route
          path="/sign-up-profissional"
          element={
            <Page>
              <ProfessionalSignUpPage />
            </Page>
          }
        />
        <Route
          path="/sign-up-lojista"
          element={
            <Page>
              <ShopkeeperSignUpPage />
            </Page>
          }
        />
        <Route
          path="/sign-up-finished"
          element={
            <Page>
              <SignUpFinishedPage />
            </Page>
          }
        />
        <Route
          path="/email-confirm"
          element={
            <Page>
              <EmailConfirmPage />
            </Page>
          }
        />
        <Route
          path="/accounts"
          element={
            <Page>
              <AccountsPage />
            </Page>
          }
        />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
