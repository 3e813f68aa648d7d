import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { addressSchema, lookupCep } from './service';

/**
 * The address of a CEP from the configured provider (ViaCEP's JSON by default, CEP_LOOKUP_URL to change it), asked
 * by the server so the page needs no third-party origin in its CSP. Any failure answers 404 quickly, and the
 * screen falls back to manual entry.
 */
export async function addressRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/addresses/:cep',
    {
      config: { guard: 'public' },
      schema: { params: z.object({ cep: z.string().check(z.regex(/^\d{8}$/)) }), response: { 200: addressSchema } },
    },
    async (request) => {
      await deps.limiter.hit(request, 'lookupIp', request.ip);
      return lookupCep(deps.config.cepLookupUrl, request.params.cep);
    },
  );
}
