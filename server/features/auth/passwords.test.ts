import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashOptions, hashPassword, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('are argon2id at OWASP’s minimum everywhere but inside the test runner', () => {
    const owasp = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    expect(hashOptions({})).toEqual(owasp);
    expect(hashOptions({ NODE_ENV: 'test' })).toEqual(owasp);
    expect(hashOptions({ NODE_ENV: 'production', PORT: '3000' })).toEqual(owasp);
    expect(hashOptions({ VITEST: 'true' }).memoryCost).toBeLessThan(owasp.memoryCost);
  });

  it('a hash verifies its own password and no other, and one made at the production cost verifies too', async () => {
    const made = await hashPassword('correct horse battery');
    expect(made).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(made, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(made, 'correct horse batterY')).toBe(false);
    const production = await hash('correct horse battery', hashOptions({}));
    expect(production).toContain('m=19456,t=2,p=1');
    expect(await verifyPassword(production, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(production, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
