import { en as authEn } from '../../../mf-auth/src/i18n/en';
import { ptBR as authPtBR } from '../../../mf-auth/src/i18n/pt-br';
import { en as cmsEn } from '../../../mf-cms/src/i18n/en';
import { ptBR as cmsPtBR } from '../../../mf-cms/src/i18n/pt-br';
import { en as participantEn } from '../../../mf-participant/src/i18n/en';
import { ptBR as participantPtBR } from '../../../mf-participant/src/i18n/pt-br';
import { en as sharedEn } from '../i18n/en';
import { ptBR as sharedPtBR } from '../i18n/pt-br';

type Texts = { [key: string]: string | Texts };

function leaves(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

/**
 * Every module adds its texts to the page's one i18n instance, and a page may hold several modules (an admin who
 * logs out and a professional who logs in on the same tab): a key two modules define would show one module's text
 * in the other's screens.
 */
describe.each([
  ['pt-BR', { shared: sharedPtBR, auth: authPtBR, participant: participantPtBR, cms: cmsPtBR }],
  ['en', { shared: sharedEn, auth: authEn, participant: participantEn, cms: cmsEn }],
])('the modules’ texts in %s', (_language, modules) => {
  it('never define the same key twice', () => {
    const owners = new Map<string, string[]>();
    for (const [module, texts] of Object.entries(modules)) {
      for (const key of leaves(texts as unknown as Texts)) owners.set(key, [...(owners.get(key) ?? []), module]);
    }
    const twice = [...owners].filter(([, names]) => names.length > 1).map(([key, names]) => `${key}: ${names}`);
    expect(twice).toEqual([]);
  });
});
