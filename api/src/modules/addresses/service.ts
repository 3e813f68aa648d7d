import { z } from 'zod/mini';
import { fail } from '../../kernel/errors';

export const addressSchema = z.object({
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

/** Asks the provider (`url` with `{cep}` in it) for a CEP's address; any failure is the same quick 404. */
export async function lookupCep(url: string, cep: string): Promise<z.infer<typeof addressSchema>> {
  let body: unknown;
  try {
    const response = await fetch(url.replace('{cep}', cep), {
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
    zipCode: cep,
    street: a.logradouro ?? '',
    neighborhood: a.bairro ?? '',
    city: a.localidade ?? '',
    state: a.uf ?? '',
  };
}
