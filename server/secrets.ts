/**
 * Secrets at rest: AES-256-GCM under a ring of 32-byte keys, newest first (BEACON_SECRET_KEY, then the
 * older keys of BEACON_SECRET_KEYS; outside production, when neither is set, a key generated once into
 * `<dataDir>/secret.key`). The newest key encrypts; every key of the ring decrypts, so a key can be
 * replaced without losing what the old one encrypted (`npm run secrets:rotate` then re-encrypts it all).
 * Ciphertext format: `v2.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url; the key id is derived
 * from the key (secretKeyId). Ciphertexts made before key ids (`v1.<iv>.<tag>.<ciphertext>`) still
 * decrypt, under whichever key of the ring made them. An optional context string is bound as additional
 * authenticated data, so a ciphertext copied to another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v2';
/** Before ciphertexts named their key. */
const LEGACY_VERSION = 'v1';

export interface Secrets {
  /** Under the newest key, naming it. */
  encrypt(plaintext: string, context?: string): string;
  /**
   * Throws when the ciphertext was altered, was made under a key the ring no longer has, or for
   * another context.
   */
  decrypt(ciphertext: string, context?: string): string;
  /** Whether the ciphertext was made under the newest key (and names it): rotation leaves it as it is. */
  isCurrent(ciphertext: string): boolean;
}

/** A key's id in the ciphertexts it makes: not secret (a digest's first 6 bytes, base64url). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256')
    .update('beacon-secret-key-id:')
    .update(key)
    .digest()
    .subarray(0, 6)
    .toString('base64url');
}

const unreadable = () => new Error('Unreadable ciphertext.');

function open(key: Buffer, [iv, tag, body]: Buffer[], context: string): string {
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !body) throw unreadable();
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** The secrets box over one key, or a ring of keys newest first. */
export function createSecrets(keys: Buffer | readonly Buffer[]): Secrets {
  const ring = Buffer.isBuffer(keys) ? [keys] : [...keys];
  if (ring.length === 0) throw new Error('The secrets box needs at least one key.');
  for (const key of ring) {
    if (key.length !== KEY_BYTES) {
      throw new Error(`The secret key must be ${KEY_BYTES} bytes; got ${key.length}.`);
    }
  }
  const newest = ring[0]!;
  const newestId = secretKeyId(newest);
  const byId = new Map(ring.map((key) => [secretKeyId(key), key]));
  const decode = (parts: string[]) => parts.map((p) => Buffer.from(p, 'base64url'));

  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', newest, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, newestId, ...[iv, tag, body].map((p) => p.toString('base64url'))].join('.');
    },
    decrypt(ciphertext, context = '') {
      const parts = ciphertext.split('.');
      if (parts[0] === VERSION && parts.length === 5) {
        const key = byId.get(parts[1]!);
        if (!key) {
          throw new Error(
            `The ciphertext was made under a key Beacon no longer has (key id ${parts[1]}).`,
          );
        }
        return open(key, decode(parts.slice(2)), context);
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        // No key id: the key that made it is whichever of the ring authenticates it.
        for (const key of ring) {
          try {
            return open(key, decode(parts.slice(1)), context);
          } catch {
            // Another key of the ring, or not readable at all.
          }
        }
        throw new Error('The ciphertext was not made under any key Beacon has, or was altered.');
      }
      throw unreadable();
    },
    isCurrent(ciphertext) {
      const parts = ciphertext.split('.');
      return parts.length === 5 && parts[0] === VERSION && parts[1] === newestId;
    },
  };
}

export interface SecretKeyOptions {
  /** The value of BEACON_SECRET_KEY, if any: 32 bytes, base64. The newest key when set. */
  envKey?: string | undefined;
  /** The value of BEACON_SECRET_KEYS, if any: keys as base64, comma-separated, newest first. */
  envKeys?: string | undefined;
  /** Data folder for the generated development key (default `.data`). */
  dataDir?: string | undefined;
  /** When false (production), no key configured is an error instead of a generated key. */
  allowGenerate?: boolean | undefined;
}

export const SECRET_KEY_FILE = 'secret.key';

function decodeKey(value: string, variable: string): Buffer {
  const key = Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${variable} must hold ${KEY_BYTES}-byte keys encoded as base64 (e.g. \`openssl rand -base64 32\`); one decodes to ${key.length} bytes.`,
    );
  }
  return key;
}

/**
 * The key ring, newest first: BEACON_SECRET_KEY, then BEACON_SECRET_KEYS in their order (a key given in
 * both counts once). With neither, outside production, the data folder's generated key.
 */
export function loadSecretKeys(options: SecretKeyOptions = {}): Buffer[] {
  const listed = (options.envKeys ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => decodeKey(k, 'BEACON_SECRET_KEYS'));
  const first = options.envKey ? [loadSecretKey({ envKey: options.envKey })] : [];
  const ring = [...first, ...listed].filter(
    (key, i, all) => all.findIndex((other) => other.equals(key)) === i,
  );
  if (ring.length > 0) return ring;
  return [loadSecretKey(options)];
}

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
    throw new Error(
      'BEACON_SECRET_KEY is required (32 bytes, base64; `openssl rand -base64 32`), or BEACON_SECRET_KEYS.',
    );
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
