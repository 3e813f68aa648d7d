import { useTexts } from '@especifica/mf-shared/plain';
import { BrowserRouter, Navigate, Otherwise, Route, Routes } from '@especifica/mf-shared/router';
import { type ReactNode, Suspense } from 'react';
import { addAuthStyles } from '../components/plain-styles';
import { LoginPage } from '../features/login/components/login-page';
import {
  AccountsPage,
  CustomerObjectionPage,
  EmailConfirmPage,
  ForgotPasswordPage,
  PasswordRecoveredPage,
  ProfessionalSignUpPage,
  ResetPasswordPage,
  ShopkeeperSignUpPage,
  SignUpFinishedPage,
} from './screens';

/** While a screen's chunk loads: a spinner, and for a screen reader "Carregando…". */
function Loading() {
  const { t } = useTexts();
  return (
    <div className="es-spinner" role="status" aria-busy="true">
      <span className="es-sr-only">{t('common.loading')}</span>
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  addAuthStyles();
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
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
          path="/customer-objection"
          element={
            <Page>
              <CustomerObjectionPage />
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
        <Route
          path="*"
          element={
            <Otherwise>
              <Navigate to="/login" replace />
            </Otherwise>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
