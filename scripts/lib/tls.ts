import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/** A PEM certificate chain and its private key. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * A throwaway self-signed certificate for `names` (DNS names or IP addresses), for the tests and the
 * benchmark that run the gateway's TLS listener on loopback. Browsers and clients that use it must be
 * told to accept it (Chromium's --ignore-certificate-errors, Node's rejectUnauthorized: false).
 */
export async function selfSignedCertificate(names: string[]): Promise<TlsFiles> {
  const altNames = names.map((name) =>
    /^[\d.]+$/.test(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
  );
  const pems = await generate([{ name: 'commonName', value: names[0] ?? 'localhost' }], {
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames }],
  });
  return { cert: pems.cert, key: pems.private };
}

/** selfSignedCertificate for `names`, written to `dir` as `tls.crt` and `tls.key`: the two paths. */
export async function writeSelfSignedCertificate(
  dir: string,
  names: string[],
): Promise<{ certFile: string; keyFile: string }> {
  const tls = await selfSignedCertificate(names);
  const certFile = path.join(dir, 'tls.crt');
  const keyFile = path.join(dir, 'tls.key');
  writeFileSync(certFile, tls.cert);
  writeFileSync(keyFile, tls.key);
  return { certFile, keyFile };
}
