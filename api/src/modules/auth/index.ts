// Accounts and sessions: sign-in, the guard every route declares, recovery, e-mail confirmation, the terms, and the
// rules that sign-ups and profiles share (passwords, taken e-mails and CPFs).
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { sendConfirmation, validateEmail } from './email-confirmation.service';
export { type RouteRecord, registerAuth, unguardedRoutes } from './guard';
export { assertNotCommon } from './password-rules.service';
export { authRoutes } from './routes';
export { profileUpdated } from './service';
export {
  acceptTermsRequired,
  cpfTaken,
  emailTaken,
  finishRegister,
  isPasswordOnly,
  newPasswordHash,
} from './sign-up.service';
export { currentTerms } from './terms.queries';
