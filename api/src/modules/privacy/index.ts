// What other modules use of privacy: consent records written in their own transactions.
export { sendCustomerNotice } from './customer-notice.service';
export { erasedEarlier, erasedHashOf } from './deletion.service';
export type { ConsentSubject } from './queries';
export { privacyRoutes } from './routes';
export {
  type ConsentContext,
  changeMarketingConsent,
  consentContextOf,
  recordConsents,
  signUpConsents,
} from './service';
export { recordSignIns, signInContextOf } from './sign-ins.service';
