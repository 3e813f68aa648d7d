// Phones and CEPs as the participant screens show them (screens.md: phone and CEP masked).

const digits = (value: string) => value.replace(/\D/g, '');

export const formatPhone = (phone: string) => {
  const only = digits(phone);
  if (only.length === 11) return only.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (only.length === 10) return only.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return phone;
};

export const formatCep = (cep: string) => digits(cep).replace(/^(\d{5})(\d{3})$/, '$1-$2');
