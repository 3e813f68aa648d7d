import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';

const addressSchema = z.object({
  zipCode: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});

const providerAnswer = z.object({
  cep: z.optional(z.string()),
  logradouro: z.optional(z.string()),
  bairro: z.optional(z.string()),
  localidade: z.optional(z.string()),
  uf: z.optional(z.string()),
  erro: z.optional(z.unknown()),
});

const unavailable = () =>
  fail.notFound('Não encontramos o endereço deste CEP. Preencha o endereço manualmente.', 'cep-not-found');

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
      const url = deps.config.cepLookupUrl.replace('{cep}', request.params.cep);
      let body: unknown;
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(4000),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw unavailable();
        body = await response.json();
      } catch {
        throw unavailable();
      }
      const parsed = z.safeParse(providerAnswer, body);
      if (!parsed.success || parsed.data.erro || !parsed.data.localidade || !parsed.data.uf) throw unavailable();
      const a = parsed.data;
      return {
        zipCode: request.params.cep,
        street: a.logradouro ?? '',
        neighborhood: a.bairro ?? '',
        city: a.localidade ?? '',
        state: a.uf ?? '',
      };
    },
  );
}
