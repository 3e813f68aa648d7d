import { Input } from '@chakra-ui/react';
import { useMask } from '@react-input/mask';
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The masks of spec 2.4; the CNPJ takes letters in its first 12 characters (IN 2.229/2024). */
export const masks = {
  cpf: { mask: '___.___.___-__', replacement: { _: /\d/ } },
  cnpj: {
    mask: '__.___.___/____-##',
    replacement: { _: /[0-9A-Za-z]/, '#': /\d/ },
    track: ({ data }: { data: string | null }) => data?.toUpperCase() ?? data,
  },
  phone: { mask: '(__) _____-____', replacement: { _: /\d/ } },
  cep: { mask: '_____-___', replacement: { _: /\d/ } },
  date: { mask: '__/__/____', replacement: { _: /\d/ } },
};

type Props = Omit<ComponentProps<typeof Input>, keyof UseFormRegisterReturn> & {
  maskOptions: Parameters<typeof useMask>[0];
  registration: UseFormRegisterReturn;
};

/** A Chakra input with an input mask, wired to react-hook-form. */
export function MaskedInput({ maskOptions, registration, ...props }: Props) {
  const maskRef = useMask(maskOptions);
  const { ref, ...field } = registration;
  return (
    <Input
      {...props}
      {...field}
      ref={(element) => {
        if (element) maskRef.current = element;
        ref(element);
      }}
    />
  );
}
