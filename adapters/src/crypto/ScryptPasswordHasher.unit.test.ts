import { describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from './ScryptPasswordHasher.ts';

// Cheap parameters keep the test fast; the format and the checks are the same at full cost.
const makeSut = () => new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

describe('ScryptPasswordHasher', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const sut = makeSut();
    const hash = await sut.hash('correct horse');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await sut.verify(hash, 'correct horse')).toBe(true);
    expect(await sut.verify(hash, 'correct horse ')).toBe(false);
  });

  it('salts every hash', async () => {
    const sut = makeSut();
    expect(await sut.hash('same')).not.toBe(await sut.hash('same'));
  });

  it('verifies with the parameters stored in the hash, so costs can be raised later', async () => {
    const old = await makeSut().hash('pw');
    expect(await new ScryptPasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).verify(old, 'pw')).toBe(true);
  });

  it.each(['', '!spent', 'scrypt$x$8$1$a$b', 'bcrypt$2$8$1$a$b'])('never verifies against %j', async (stored) => {
    expect(await makeSut().verify(stored, '')).toBe(false);
  });
});
