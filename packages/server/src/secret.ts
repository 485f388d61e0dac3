import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE_NAME = 'secret_key';

/**
 * The key that signs login tokens. SECRET_KEY wins; otherwise one is generated on the first start and kept in
 * DATA_DIR/secret_key (mode 0600) so tokens stay valid across restarts.
 */
export function resolveSecretKey(configured: string, dataDir: string): string {
  if (configured !== '') return configured;
  const file = join(dataDir, SECRET_FILE_NAME);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file meanwhile; then that process's key is the one to use.
  try {
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  chmodSync(file, 0o600);
  return generated;
}
