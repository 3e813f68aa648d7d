import {
  type ProfessionalData,
  type ProfessionalProfile,
  registrationFieldOf,
  stripCnpj,
} from '@especifica/mf-shared/contracts';
import type { professionals } from '../../db/schema';
import { fail } from '../../kernel/errors';

type Row = typeof professionals.$inferSelect;

const clean = <T extends Record<string, string | undefined>>(value: T | undefined): T | null => {
  if (!value) return null;
  const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;
  return Object.keys(kept).length > 0 ? kept : null;
};

/**
 * The columns of a professional's data. Spec 5: cau only for Arquiteto, crea only for Engenheiro, abd only for
 * Designer de Interiores; the others are dropped (set to null), whatever the client sent.
 */
export function professionalColumns(data: ProfessionalData) {
  const registration = registrationFieldOf(data.profession);
  const number = registration ? data[registration]?.trim() : undefined;
  if (registration && !number) throw fail.field(registration, 'Digite um número de registro válido.');
  const office = clean(
    data.office ? { ...data.office, cnpj: data.office.cnpj ? stripCnpj(data.office.cnpj) : '' } : undefined,
  );
  return {
    name: data.name,
    email: data.email,
    cellphone: data.cellphone,
    cpf: data.userData.cpf,
    birthDate: data.userData.birthDate,
    gender: data.userData.gender ?? null,
    address: { ...data.address, ...(data.address.complement ? {} : { complement: undefined }) },
    profession: data.profession,
    modality: data.modality,
    cau: registration === 'cau' ? (number ?? null) : null,
    crea: registration === 'crea' ? (number ?? null) : null,
    abd: registration === 'abd' ? (number ?? null) : null,
    office,
    socialMedia: clean(data.socialMedia),
    acceptReceiveEmail: data.acceptReceiveEmail ?? false,
  };
}

export function professionalProfile(row: Row): ProfessionalProfile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    cellphone: row.cellphone,
    profileImage: row.profileImage,
    userData: { cpf: row.cpf, birthDate: row.birthDate, gender: row.gender },
    address: row.address ?? null,
    profession: row.profession,
    modality: row.modality,
    cau: row.cau,
    crea: row.crea,
    abd: row.abd,
    office: row.office ?? null,
    socialMedia: row.socialMedia ?? null,
    acceptReceiveEmail: row.acceptReceiveEmail,
  };
}
