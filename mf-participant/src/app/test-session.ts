import { session } from '@especifica/mf-shared';

/** Signs a demo participant into the session the screens read (unit tests only). */
export function signIn(
  userType: 'professional' | 'shopkeeper',
  shopkeeperType: 'seller' | 'manager' | 'consultant' | null = null,
) {
  session.setUser({
    name: userType === 'professional' ? 'Ana Arquiteta' : 'Sérgio Vendedor',
    email: userType === 'professional' ? 'ana@especifica.dev' : 'sergio@especifica.dev',
    profileImage: null,
    userType,
    shopkeeperType: userType === 'shopkeeper' ? (shopkeeperType ?? 'seller') : null,
    accessToken: 'tok',
  });
}
