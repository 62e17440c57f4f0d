import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes): every hash the shop makes. */
const OWASP = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/**
 * Inside the test runner only (Vitest sets VITEST in its workers and the shop processes they start): 1 MiB, one
 * pass. The suites sign in many hundreds of accounts, and each sign-up and sign-in paid about 70 ms of CPU for the
 * production cost; what they check (a hash verifies its password and no other, how many hashes a request makes)
 * does not depend on it. A hash keeps its own parameters, so verifying follows whichever made it.
 */
const IN_TESTS = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
/** @forTests the parameters for an environment: the production ones unless it is the test runner's */
export const hashOptions = (env: NodeJS.ProcessEnv) => (env.VITEST ? IN_TESTS : OWASP);
const OPTIONS = hashOptions(process.env);

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
