import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes. Every server hashes with it; no setting lowers it.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The cheapest argon2id hash, for the API tests only (see useCheapPasswordHashingInTests).
const TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let options: typeof OPTIONS | typeof TEST_OPTIONS = OPTIONS;

/**
 * For the API test setup only (src/test/cheap-password-hashing.ts): hashes made from now on in this test
 * file cost half a millisecond instead of 20 ms of CPU. Verification reads the cost from the stored hash,
 * so logins against these hashes are as cheap; hashes stay argon2id. Servers never call this.
 */
export function useCheapPasswordHashingInTests(): void {
  options = TEST_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
