import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts a store's provider API key for the database (AES-256-GCM, a fresh 12-byte nonce each time, the key
 * derived from PROVIDER_KEYS_SECRET). Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export function sealSecret(secret: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The key sealed by sealSecret, or null when it was sealed under another secret or altered. */
export function openSecret(secret: string, sealed: string): string | null {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const keyOf = (secret: string) => createHash('sha256').update(`email-provider-keys:${secret}`).digest();
