/**
 * Secrets at rest: AES-256-GCM under a 32-byte key from BEACON_SECRET_KEY (base64), or, when that is
 * unset and generation is allowed (development), a key generated once into `<dataDir>/secret.key`.
 * Ciphertext format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. An optional context string is
 * bound as additional authenticated data, so a ciphertext copied to another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

export interface Secrets {
  encrypt(plaintext: string, context?: string): string;
  /** Throws when the ciphertext was altered, was made under another key, or for another context. */
  decrypt(ciphertext: string, context?: string): string;
}

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) {
    throw new Error(`The secret key must be ${KEY_BYTES} bytes; got ${key.length}.`);
  }
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(ciphertext, context = '') {
      const parts = ciphertext.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('Unreadable ciphertext.');
      const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== 16) throw new Error('Unreadable ciphertext.');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

export interface SecretKeyOptions {
  /** The value of BEACON_SECRET_KEY, if any: 32 bytes, base64. */
  envKey?: string | undefined;
  /** Data folder for the generated development key (default `.data`). */
  dataDir?: string | undefined;
  /** When false (production), a missing BEACON_SECRET_KEY is an error instead of a generated key. */
  allowGenerate?: boolean | undefined;
}

export const SECRET_KEY_FILE = 'secret.key';

/** Returns the 32-byte key: from the environment, else from (or newly into) the data folder's key file. */
export function loadSecretKey(options: SecretKeyOptions = {}): Buffer {
  if (options.envKey) {
    const key = Buffer.from(options.envKey, 'base64');
    if (key.length !== KEY_BYTES) {
      throw new Error(
        `BEACON_SECRET_KEY must be ${KEY_BYTES} bytes encoded as base64 (e.g. \`openssl rand -base64 32\`); it decodes to ${key.length} bytes.`,
      );
    }
    return key;
  }
  if (options.allowGenerate === false) {
    throw new Error('BEACON_SECRET_KEY is required (32 bytes, base64; `openssl rand -base64 32`).');
  }
  const dataDir = options.dataDir ?? '.data';
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if another process wrote the key first; then we read theirs.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readKeyFile(file);
  if (!key) throw new Error(`Could not read the secret key from ${file}.`);
  return key;
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${file} must hold ${KEY_BYTES} bytes encoded as base64; delete it to generate a new one.`,
    );
  }
  return key;
}
