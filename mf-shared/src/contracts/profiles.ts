import { z } from 'zod/mini';
import {
  accountMessages,
  cpfSchema,
  emailSchema,
  newPasswordSchema,
  PASSWORD_MAX,
  phoneSchema,
  professionalDataSchema,
  requiredText,
} from './accounts';
import { roleSchema, shopkeeperTypeSchema } from './common';

// ---- Profiles (spec 7.4, 7.10, 7.11) ----

/** A new password on a profile needs the current one (the token alone must not be enough to take an account). */
const passwordChange = {
  password: z.optional(newPasswordSchema),
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
};

/** An update-me that only changes the password (the profile's password form): the data stays as it is. */
export const passwordChangeSchema = z.object({
  _id: z.string(),
  password: newPasswordSchema,
  currentPassword: z.string().check(z.maxLength(PASSWORD_MAX)),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const professionalUpdateMeSchema = z.extend(professionalDataSchema, { _id: z.string(), ...passwordChange });
export type ProfessionalUpdateMe = z.infer<typeof professionalUpdateMeSchema>;

/**
 * What update-me takes (spec 7.10): the profile sends only what was changed. A part sent is checked whole, as at
 * sign-up; one left out stays as stored, so what an older account lacks never blocks another change. A whole
 * update-me (professionalUpdateMeSchema) is one of these.
 */
export const professionalChangesSchema = z.extend(
  z.partial(z.extend(professionalDataSchema, { userData: z.partial(professionalDataSchema.shape.userData) })),
  { _id: z.string(), ...passwordChange },
);
export type ProfessionalChanges = z.infer<typeof professionalChangesSchema>;

export const shopkeeperUpdateMeSchema = z.object({
  _id: z.string(),
  name: requiredText(accountMessages.name),
  email: emailSchema,
  cellphone: z.optional(z.union([z.literal(''), phoneSchema])),
  cpf: z.optional(z.union([z.literal(''), cpfSchema])),
  ...passwordChange,
});
export type ShopkeeperUpdateMe = z.infer<typeof shopkeeperUpdateMeSchema>;

export const adminUpdateMeSchema = z.object({
  name: requiredText(accountMessages.name),
  email: emailSchema,
  ...passwordChange,
});
export type AdminUpdateMe = z.infer<typeof adminUpdateMeSchema>;

const nullableString = z.nullable(z.string());

export const professionalProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cellphone: nullableString,
  profileImage: nullableString,
  userData: z.object({ cpf: nullableString, birthDate: nullableString, gender: nullableString }),
  address: z.nullable(
    z.object({
      zipCode: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.optional(z.string()),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string(),
    }),
  ),
  profession: nullableString,
  modality: nullableString,
  cau: nullableString,
  crea: nullableString,
  abd: nullableString,
  office: z.nullable(
    z.object({ name: z.optional(z.string()), cnpj: z.optional(z.string()), role: z.optional(z.string()) }),
  ),
  socialMedia: z.nullable(
    z.object({
      instagram: z.optional(z.string()),
      facebook: z.optional(z.string()),
      behance: z.optional(z.string()),
      pinterest: z.optional(z.string()),
    }),
  ),
  acceptReceiveEmail: z.boolean(),
});
export type ProfessionalProfile = z.infer<typeof professionalProfileSchema>;

export const shopkeeperProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cellphone: nullableString,
  cpf: nullableString,
  profileImage: nullableString,
  shopkeeperType: shopkeeperTypeSchema,
  store: z.object({ id: z.string(), name: z.string() }),
});
export type ShopkeeperProfile = z.infer<typeof shopkeeperProfileSchema>;

/** get-profile-data answers the caller's own profile, whichever kind of participant it is. */
/** Spec 7.12: the professional header reads profileImage, level.points and level.level from the profile. */
const profileStanding = {
  totalPoints: z.number(),
  level: z.object({
    level: z.string(),
    name: z.string(),
    points: z.number(),
    sublevel: z.number().check(z.int()),
    /** The level's place by threshold (participantLevelSchema). */
    rank: z.optional(z.number().check(z.int())),
  }),
};

export const profileDataSchema = z.discriminatedUnion('userType', [
  z.extend(professionalProfileSchema, { userType: z.literal('professional'), ...profileStanding }),
  z.extend(shopkeeperProfileSchema, { userType: z.literal('shopkeeper'), ...profileStanding }),
]);
export type ProfileData = z.infer<typeof profileDataSchema>;

export const adminProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  profileImage: nullableString,
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/** After a profile change: the new name and image for the header, and a fresh token when the password changed. */
export const profileUpdatedSchema = z.object({
  msg: z.string(),
  user: z.object({ name: z.string(), email: z.string(), profileImage: nullableString }),
  accessToken: z.optional(z.string()),
});
export type ProfileUpdated = z.infer<typeof profileUpdatedSchema>;

export const profileImageSchema = z.object({ msg: z.string(), profileImage: z.string() });
export type ProfileImageResponse = z.infer<typeof profileImageSchema>;

// ---- Terms and accounts (spec 4) ----

export const termsSchema = z.object({ version: z.number().check(z.int()), title: z.string(), content: z.string() });
export type Terms = z.infer<typeof termsSchema>;

/** Login answers this instead of a session while the participant has not accepted the current regulation. */
export const termsPendingSchema = z.object({ termsToken: z.string(), terms: termsSchema });
export type TermsPending = z.infer<typeof termsPendingSchema>;

export const acceptTermsBodySchema = z.object({
  termsToken: z.string().check(z.minLength(1)),
  version: z.number().check(z.int()),
  accept: z.literal(true, accountMessages.acceptTerms),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBodySchema>;

export const accountSummarySchema = z.object({
  id: z.string(),
  role: roleSchema,
  name: z.string(),
  shopkeeperType: z.nullable(shopkeeperTypeSchema),
  storeName: z.nullable(z.string()),
  current: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountListSchema = z.object({ accounts: z.array(accountSummarySchema) });

export const switchAccountBodySchema = z.object({ id: z.string().check(z.uuid()), role: roleSchema });
export type SwitchAccountBody = z.infer<typeof switchAccountBodySchema>;

/** What login answers for user-incomplete (in the error's data). */
export const userIncompleteDataSchema = z.object({
  userId: z.string(),
  registrationToken: z.string(),
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
  user: z.object({ name: z.string(), email: z.string() }),
});
export type UserIncompleteData = z.infer<typeof userIncompleteDataSchema>;
