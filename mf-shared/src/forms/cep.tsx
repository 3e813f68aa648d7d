import { api } from '@especifica/mf-shared';
import { type AddressValues, onlyDigits } from '@especifica/mf-shared/contracts';
import { Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

export type CepAddress = Pick<AddressValues, 'zipCode' | 'street' | 'neighborhood' | 'city' | 'state'>;

/** The address of a CEP through the API's configurable provider (ViaCEP by default); null when it does not answer. */
export async function lookupCep(cep: string): Promise<CepAddress | null> {
  const [data] = await api.get<CepAddress>(`/addresses/${cep}`);
  return data;
}

export type CepLookupState = 'idle' | 'looking' | 'manual';

/**
 * The address of the form around follows its CEP: a CEP typed fills street, neighbourhood, city and state (changed,
 * so that they are sent); when the provider does not answer the person types them. The CEP the form started with
 * (a saved profile's) is not looked up again, so what the person had written stays.
 */
export function useCepLookup(): CepLookupState {
  const { control, setValue, getValues } = useFormContext<AddressValues>();
  const zipCode = useWatch({ control, name: 'zipCode' });
  const initial = useRef(onlyDigits(getValues('zipCode') ?? ''));
  const [state, setState] = useState<CepLookupState>('idle');
  useEffect(() => {
    const cep = onlyDigits(zipCode ?? '');
    if (cep.length !== 8 || cep === initial.current) return;
    let cancelled = false;
    setState('looking');
    void lookupCep(cep).then((address) => {
      if (cancelled) return;
      if (!address) return setState('manual');
      setState('idle');
      for (const key of ['street', 'neighborhood', 'city', 'state'] as const) {
        if (address[key]) setValue(key, address[key], { shouldValidate: true, shouldDirty: true });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [zipCode, setValue]);
  return state;
}

/** What the screen says of the CEP's lookup, right under the CEP. */
export function CepLookupStatus({ state }: { state: CepLookupState }) {
  const { t } = useTranslation();
  if (state === 'looking') return <Text color="muted">{t('signUp.cepLooking')}</Text>;
  if (state === 'manual') {
    return (
      <Text color="muted" role="status">
        {t('signUp.cepManual')}
      </Text>
    );
  }
  return null;
}

/** Looks the CEP up and says how it went: the address part of a form, as the sign-up's and the profile's. */
export function CepLookup() {
  return <CepLookupStatus state={useCepLookup()} />;
}
