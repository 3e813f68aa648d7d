import argon2 from 'argon2';

export interface Argon2Params {
  memoryKib: number;
  time: number;
}

export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: params.memoryKib,
    timeCost: params.time,
    parallelism: 1,
  });
}

/** False for a wrong password and for a hash that cannot be read; never throws. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
