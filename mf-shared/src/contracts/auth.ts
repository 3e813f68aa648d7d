import { z } from 'zod/mini';
import { roleSchema, shopkeeperTypeSchema } from './common';

export const loginMessages = {
  login: 'Digite um login válido.',
  password: 'Digite a senha.',
  invalidCredentials: 'Login ou senha inválidos',
} as const;

export const loginBodySchema = z.object({
  email: z
    .string(loginMessages.login)
    .check(
      z.trim(),
      z.minLength(1, loginMessages.login),
      z.maxLength(254, loginMessages.login),
      z.email(loginMessages.login),
    ),
  password: z
    .string(loginMessages.password)
    .check(z.minLength(1, loginMessages.password), z.maxLength(128, loginMessages.password)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  profileImage: z.nullable(z.string()),
  userType: roleSchema,
  shopkeeperType: z.nullable(shopkeeperTypeSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
  /** More than one account matched the credentials: the person picks one at /accounts. */
  loginAllUsers: z.optional(z.boolean()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
