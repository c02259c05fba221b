/**
 * The browser's PDF viewer titles a preview with the file's own document title and, without one, with
 * the last part of its URL — for a preview's `blob:` URL a random id. So before a preview the PDF gets
 * the document's file name as its title: an incremental update (what a PDF editor appends when it saves)
 * adds an information dictionary and a trailer pointing back to the file's own cross-reference data; the
 * original bytes are left as they are. A file this cannot read is previewed unchanged.
 */
export function withPdfTitle(bytes: Uint8Array<ArrayBuffer>, title: string): Uint8Array<ArrayBuffer> {
  // latin1: one character per byte, so string offsets are byte offsets.
  const text = latin1(bytes);
  const startxref = text.lastIndexOf('startxref');
  if (startxref < 0) return bytes;
  const previous = /^startxref\s+(\d+)/.exec(text.slice(startxref))?.[1];
  if (previous === undefined || Number(previous) >= startxref) return bytes;
  // The last trailer (a classic cross-reference table) or the cross-reference stream's own dictionary.
  const trailerAt = text.lastIndexOf('trailer', startxref);
  const dictionary = text.slice(trailerAt >= 0 ? trailerAt : Number(previous), startxref);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dictionary)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(dictionary)?.[1]);
  if (!root || !Number.isInteger(size) || size <= 0) return bytes;

  const start = text.endsWith('\n') ? '' : '\n';
  const infoAt = bytes.length + start.length;
  const info = `${size} 0 obj\n<< /Title ${pdfTextString(title)} >>\nendobj\n`;
  const xrefAt = infoAt + info.length;
  const update =
    `${start}${info}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(infoAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previous} >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  const out = new Uint8Array(bytes.length + update.length);
  out.set(bytes);
  for (let i = 0; i < update.length; i++) out[bytes.length + i] = update.charCodeAt(i);
  return out;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return text;
}

/** A PDF text string in UTF-16BE with its byte order mark, as hex: any file name, any script. */
function pdfTextString(value: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < value.length; i++) hex += value.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}
