import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Verifies a message's DKIM-Signature (RFC 6376) with a given public key: no DNS, no mail library —
 * written from the RFC so the check does not share code with the signer (nodemailer). Supports what
 * a signer is told to use: a=rsa-sha256 and the relaxed canonicalisation (§3.4.2 headers, §3.4.4
 * body); simple is refused rather than guessed.
 */
export interface DkimResult {
  ok: boolean;
  /** The signature's tags (d=, s=, h=, …). */
  tags: Record<string, string>;
  why?: string;
}

/** §3.4.2: lower-case name, unfolded, runs of WSP to one SP, no WSP around the colon or at the end. */
function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(':');
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
}

/** §3.4.4: WSP runs to one SP, none at line ends, no empty lines at the end, CRLF-terminated unless empty. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}

/** The header fields of `head` (unfolded lines kept raw, in order). */
function headerFields(head: string): string[] {
  return head.split(/\r\n(?![ \t])/).filter(Boolean);
}

export function verifyDkim(message: string, publicKey: KeyObject | string): DkimResult {
  const split = message.indexOf('\r\n\r\n');
  if (split < 0) return { ok: false, tags: {}, why: 'no header/body separator' };
  const fields = headerFields(message.slice(0, split));
  const body = message.slice(split + 4);
  const signature = fields.find((f) => /^dkim-signature\s*:/i.test(f));
  if (!signature) return { ok: false, tags: {}, why: 'no DKIM-Signature' };
  const tags = Object.fromEntries(
    relaxedHeader(signature)
      .slice('dkim-signature:'.length)
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const eq = t.indexOf('=');
        return [t.slice(0, eq).trim(), t.slice(eq + 1).replace(/\s+/g, '')];
      }),
  );
  if (tags.v !== '1') return { ok: false, tags, why: `v=${tags.v}` };
  if (tags.a !== 'rsa-sha256') return { ok: false, tags, why: `a=${tags.a}` };
  if (tags.c !== 'relaxed/relaxed') return { ok: false, tags, why: `c=${tags.c}` };
  // §3.7: the body hash over the canonical body (l= unused).
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  if (bodyHash !== tags.bh) return { ok: false, tags, why: 'body hash mismatch' };
  // §5.4.2: each name in h= takes the last unused instance of that field, bottom up.
  const unused = [...fields];
  const signed: string[] = [];
  for (const name of (tags.h ?? '').split(':').map((n) => n.trim().toLowerCase())) {
    for (let i = unused.length - 1; i >= 0; i--) {
      if (unused[i]!.slice(0, unused[i]!.indexOf(':')).trim().toLowerCase() === name) {
        signed.push(`${relaxedHeader(unused[i]!)}\r\n`);
        unused.splice(i, 1);
        break;
      }
    }
    // A name with no field signs an empty string (§5.4), which adds nothing.
  }
  // §3.7: the DKIM-Signature itself, b= emptied, canonicalised, without the final CRLF.
  const own = relaxedHeader(signature.replace(/(\bb=)[^;]*/, '$1'));
  const data = signed.join('') + own;
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const ok = verify('sha256', Buffer.from(data), key, Buffer.from(tags.b ?? '', 'base64'));
  return ok ? { ok, tags } : { ok, tags, why: 'signature does not verify' };
}
