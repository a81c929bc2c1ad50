import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecrets, loadSecretKey, SECRET_KEY_FILE } from './secrets';

const secrets = createSecrets(randomBytes(32));

describe('secrets (AES-256-GCM)', () => {
  it('round-trips any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 20 }), (plain, context) => {
        expect(secrets.decrypt(secrets.encrypt(plain, context), context)).toBe(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('never repeats a ciphertext and never contains the plaintext', () => {
    const a = secrets.encrypt('client-secret-123');
    const b = secrets.encrypt('client-secret-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret-123');
  });

  it('rejects a tampered ciphertext, tag or iv', () => {
    const ciphertext = secrets.encrypt('client-secret-123');
    const parts = ciphertext.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      const tampered = parts
        .map((p, i) => (i === index ? bytes.toString('base64url') : p))
        .join('.');
      expect(() => secrets.decrypt(tampered)).toThrow();
    }
    expect(() => secrets.decrypt('not-a-ciphertext')).toThrow('Unreadable ciphertext.');
  });

  it('rejects another key and another context', () => {
    const ciphertext = secrets.encrypt('s3cret', 'org-1');
    expect(() => createSecrets(randomBytes(32)).decrypt(ciphertext, 'org-1')).toThrow();
    expect(() => secrets.decrypt(ciphertext, 'org-2')).toThrow();
  });

  it('requires a 32-byte key', () => {
    expect(() => createSecrets(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('loadSecretKey', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses BEACON_SECRET_KEY when set, and names the variable when it is wrong', () => {
    const key = randomBytes(32);
    expect(loadSecretKey({ envKey: key.toString('base64') }).equals(key)).toBe(true);
    expect(() => loadSecretKey({ envKey: 'c2hvcnQ=' })).toThrow('BEACON_SECRET_KEY');
  });

  it('generates a key once into the data folder and reuses it', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadSecretKey({ dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir }).equals(first)).toBe(true);
  });

  it('refuses to generate when generation is not allowed', () => {
    expect(() => loadSecretKey({ dataDir: path.join(dir, 'prod'), allowGenerate: false })).toThrow(
      'BEACON_SECRET_KEY is required',
    );
  });
});
