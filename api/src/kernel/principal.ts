import type { Role, ShopkeeperType } from '@especifica/mf-shared/contracts';
import type { FastifyRequest } from 'fastify';

/** Who may call a route: anybody, or the signed-in holders of one of the roles. */
export type Guard = 'public' | readonly [Role, ...Role[]];

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
  }
  interface FastifyRequest {
    /** The signed-in account; set by the guard on every route that is not public. */
    principal: Principal | null;
  }
}

/** The signed-in account a guarded route acts for. */
export interface Principal {
  id: string;
  role: Role;
  name: string;
  shopkeeperType: ShopkeeperType | null;
  /** The accounts ("role:id") that the login behind this token opened; /accounts may switch among them. */
  linked: string[];
}

/** What the session check reads of an account on every guarded request (kept by the sessions cache). */
export interface SessionAccount {
  id: string;
  name: string;
  tokenVersion: number;
  canSignIn: boolean;
  shopkeeperType: ShopkeeperType | null;
}

/** The signed-in account of a guarded route (the guard has already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() called on a public route.');
  return request.principal;
}
