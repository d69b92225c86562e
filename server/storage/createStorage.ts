import type { Config } from '../config.js';
import { LocalStorage } from './localStorage.js';
import { S3Storage } from './s3Storage.js';
import type { Storage } from './storage.js';

/**
 * S3 when configured, else the local directory. Local storage signs upload addresses with UPLOAD_SECRET,
 * which production must set (a secret made up at start would differ between processes and restarts).
 */
export function createStorage(config: Config): Storage {
  if (config.s3) return new S3Storage(config.s3);
  if (!config.uploadSecret) {
    throw new Error('UPLOAD_SECRET must be set in production (it signs the upload addresses of local storage); or configure S3_*.');
  }
  return new LocalStorage({
    root: config.storageDir,
    publicBaseUrl: `${config.appUrl}/api/v1`,
    // Read from FILES_ORIGIN when there is one (uploads still go to the app: its page may connect there only).
    filesBaseUrl: `${config.filesOrigin ?? config.appUrl}/api/v1`,
    secret: config.uploadSecret,
  });
}
