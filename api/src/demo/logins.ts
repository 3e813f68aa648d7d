// No imports on purpose: the start script and the end-to-end tests read this without loading the API.

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'Especifica@2026';

export interface DemoLogin {
  role: 'admin' | 'professional' | 'shopkeeper';
  shopkeeperType: 'seller' | 'manager' | 'consultant' | null;
  name: string;
  email: string;
  password: string;
  /** The API route that signs this account in (each role has its own). */
  loginEndpoint: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    role: 'admin',
    shopkeeperType: null,
    name: 'Administradora Demo',
    email: 'admin@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/admin-login',
  },
  {
    role: 'professional',
    shopkeeperType: null,
    name: 'Ana Arquiteta',
    email: 'ana@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/login',
  },
  {
    role: 'professional',
    shopkeeperType: null,
    name: 'Eduardo Engenheiro',
    email: 'eduardo@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/login',
  },
  {
    role: 'shopkeeper',
    shopkeeperType: 'seller',
    name: 'Sérgio Vendedor',
    email: 'sergio@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/shopkeeper-login',
  },
  {
    role: 'shopkeeper',
    shopkeeperType: 'consultant',
    name: 'Carla Consultora',
    email: 'carla@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/shopkeeper-login',
  },
  // Approves or refuses the sellers who sign up alone to the demo store.
  {
    role: 'shopkeeper',
    shopkeeperType: 'manager',
    name: 'Mônica Gerente',
    email: 'monica@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/shopkeeper-login',
  },
  // One person, two accounts under one e-mail: login leads to /accounts to pick one.
  {
    role: 'professional',
    shopkeeperType: null,
    name: 'Marina Duarte',
    email: 'marina@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/login',
  },
  {
    role: 'shopkeeper',
    shopkeeperType: 'seller',
    name: 'Marina Duarte',
    email: 'marina@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/shopkeeper-login',
  },
  // Accepted an older regulation: login asks for the current one first.
  {
    role: 'professional',
    shopkeeperType: null,
    name: 'Paula Paisagista',
    email: 'paula@especifica.dev',
    password: DEMO_PASSWORD,
    loginEndpoint: '/api/auth/login',
  },
];

/** Demo accounts whose accepted regulation is older than the current one. */
export const DEMO_PENDING_TERMS: readonly string[] = ['paula@especifica.dev'];
