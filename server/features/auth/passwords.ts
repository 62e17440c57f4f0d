import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let hashesMade = 0;
export const hashPassword = (password: string) => {
  hashesMade += 1;
  return hash(password, OPTIONS);
};
/** @forTests the tests check that a password reset makes as many hashes whether an account uses the number or not */
export const passwordHashesMade = () => hashesMade;

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal which numbers are registered. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password-0000');
  return dummy;
};
