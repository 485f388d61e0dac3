import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Certificate {
  /** PEM of the certificate, and the file it was written to (what a CA setting points at). */
  cert: string;
  certFile: string;
  key: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with the openssl command, since node:crypto cannot
 * make X.509 certificates. Each call gives a new key, so one such certificate does not vouch for another. The key is
 * P-256 unless RSA is asked for (XML signatures, as SAML uses them, are RSA).
 */
export function selfSignedCertificate(dir: string, name: string, keyType: 'ec' | 'rsa' = 'ec'): Certificate {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      ...(keyType === 'rsa' ? ['rsa:2048'] : ['ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']),
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}.test`,
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { cert: readFileSync(certFile, 'utf8'), certFile, key: readFileSync(keyFile, 'utf8') };
}
