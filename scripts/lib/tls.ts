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
