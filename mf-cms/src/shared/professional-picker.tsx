import { api, type Result } from '@especifica/mf-shared';
import { type AdminProfessional, formatCpf } from '@especifica/mf-shared/contracts';
import { type Page, PICKER_SHOWN, SearchPicker, useApiQuery } from '@especifica/mf-shared/kit';
import { getProfessional, professionalKey } from '../features/professionals/api/professionals';

/** The professionals whose name, e-mail or CPF has the text, by name: the first few, the rest found by typing more. */
export const searchProfessionals = (search: string): Promise<Result<Page<AdminProfessional>>> =>
  api.get<Page<AdminProfessional>>('/cms/professionals/get-all', {
    search: search || undefined,
    page: 1,
    limit: PICKER_SHOWN,
    sort: 'name',
  });

const labelOf = (professional: AdminProfessional) => `${professional.name} (${professional.email})`;
const detailOf = (professional: AdminProfessional) =>
  [professional.email, professional.cpf ? formatCpf(professional.cpf) : null].filter(Boolean).join(' · ');
const cacheKey = ['resource', 'cms-professionals', 'picker'] as const;

export interface ProfessionalPickerProps {
  label: string;
  /** The chosen professional's id (a list filter's value), or none. */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

/**
 * Any professional of the programme, searched by name, e-mail or CPF as the admin types (a list's filter). A value
 * read from the URL is shown by the professional's name once it is read.
 */
export function ProfessionalPicker({ label, value, onChange }: ProfessionalPickerProps) {
  const chosen = useApiQuery(professionalKey(value ?? ''), () => getProfessional(value ?? ''), {
    enabled: Boolean(value),
    silent: true,
    staleTime: 60_000,
  });
  return (
    <SearchPicker<AdminProfessional>
      label={label}
      value={value ?? ''}
      onChange={(id) => onChange(id || undefined)}
      current={chosen.data ?? null}
      search={searchProfessionals}
      cacheKey={cacheKey}
      chosenLabel={labelOf}
      optionTitle={(professional) => professional.name}
      optionDetail={detailOf}
      texts="professionalPicker"
      testId="professional-picker-popup"
      filter
    />
  );
}
