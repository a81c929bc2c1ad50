import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSecrets,
  loadSecretKey,
  loadSecretKeys,
  SECRET_KEY_FILE,
  secretKeyId,
} from './secrets';

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

/** A ciphertext as Beacon wrote them before they carried a key id: `v1.<iv>.<tag>.<body>`. */
function legacyCiphertext(key: Buffer, plaintext: string, context = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('key rotation', () => {
  const older = randomBytes(32);
  const newer = randomBytes(32);
  const ring = createSecrets([newer, older]);

  it('a ciphertext names the key it was made under: the newest encrypts, older ones still decrypt', () => {
    const made = ring.encrypt('s3cret', 'org-1');
    expect(made.split('.').slice(0, 2)).toEqual(['v2', secretKeyId(newer)]);
    expect(secretKeyId(newer)).not.toBe(secretKeyId(older));
    expect(createSecrets(newer).decrypt(made, 'org-1')).toBe('s3cret');
    const old = createSecrets(older).encrypt('old', 'org-1');
    expect(ring.decrypt(old, 'org-1')).toBe('old');
    expect(ring.isCurrent(made)).toBe(true);
    expect(ring.isCurrent(old)).toBe(false);
    expect(() => createSecrets(newer).decrypt(old, 'org-1')).toThrow('no longer');
    expect(() => ring.decrypt(made, 'org-2')).toThrow();
  });

  it('a ciphertext from before key ids decrypts under any key of the ring, and is never current', () => {
    const legacy = legacyCiphertext(older, 'from 2025', 'org-1');
    expect(ring.decrypt(legacy, 'org-1')).toBe('from 2025');
    expect(createSecrets(older).decrypt(legacy, 'org-1')).toBe('from 2025');
    expect(createSecrets(older).isCurrent(legacy)).toBe(false);
    expect(() => createSecrets(newer).decrypt(legacy, 'org-1')).toThrow();
  });

  it('refuses an empty ring and a key of the wrong size', () => {
    expect(() => createSecrets([])).toThrow('at least one');
    expect(() => createSecrets([newer, randomBytes(16)])).toThrow('32 bytes');
  });
});

describe('loadSecretKeys', () => {
  const key = (n: number) => Buffer.alloc(32, n);
  const b64 = (n: number) => key(n).toString('base64');

  it('BEACON_SECRET_KEY is the newest, then BEACON_SECRET_KEYS in order, without repeats', () => {
    expect(loadSecretKeys({ envKey: b64(1) })).toEqual([key(1)]);
    expect(loadSecretKeys({ envKey: b64(1), envKeys: `${b64(2)}, ${b64(3)}` })).toEqual([
      key(1),
      key(2),
      key(3),
    ]);
    expect(loadSecretKeys({ envKey: b64(1), envKeys: `${b64(1)},${b64(2)}` })).toEqual([
      key(1),
      key(2),
    ]);
    expect(loadSecretKeys({ envKeys: `${b64(2)},${b64(3)}`, allowGenerate: false })).toEqual([
      key(2),
      key(3),
    ]);
  });

  it('names BEACON_SECRET_KEYS when one of its keys is wrong, and requires a key in production', () => {
    expect(() => loadSecretKeys({ envKey: b64(1), envKeys: `${b64(2)},c2hvcnQ=` })).toThrow(
      'BEACON_SECRET_KEYS',
    );
    expect(() => loadSecretKeys({ allowGenerate: false, dataDir: '/nonexistent' })).toThrow(
      'BEACON_SECRET_KEY is required',
    );
  });
});
