import { withPdfTitle } from './pdf-title.js';

/** A one-page PDF with a classic cross-reference table and no document title. */
function classicPdf(): Uint8Array<ArrayBuffer> {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 3\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array([...out].map((c) => c.charCodeAt(0)));
}

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('withPdfTitle', () => {
  it('appends the file name as the document title in an update that points back at the original', () => {
    const original = classicPdf();
    const titled = withPdfTitle(original, 'Blood test é.pdf');
    // The original bytes are kept as they are, the update follows them.
    expect(titled.subarray(0, original.length)).toEqual(original);
    const update = text(titled.subarray(original.length));
    const previous = /startxref\n(\d+)/.exec(text(original))![1];
    expect(update).toContain('3 0 obj\n<< /Title <FEFF0042006C006F006F0064002000740065007300740020');
    expect(update).toContain('00E9002E007000640066> >>');
    expect(update).toContain(`trailer\n<< /Size 4 /Root 1 0 R /Info 3 0 R /Prev ${previous} >>`);
    // The new cross-reference entry and startxref point at the right bytes.
    const all = text(titled);
    const entry = /3 1\n(\d{10}) 00000 n/.exec(update)![1];
    expect(all.slice(Number(entry)).startsWith('3 0 obj')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(all)![1]);
    expect(all.slice(xrefAt).startsWith('xref\n0 1\n')).toBe(true);
  });

  it('leaves a file it cannot read unchanged', () => {
    const notPdf = new Uint8Array([104, 101, 108, 108, 111]);
    expect(withPdfTitle(notPdf, 'x.pdf')).toBe(notPdf);
    const noRoot = new Uint8Array(
      [...'%PDF-1.4\ntrailer\n<< /Size 1 >>\nstartxref\n9\n%%EOF\n'].map((c) => c.charCodeAt(0)),
    );
    expect(withPdfTitle(noRoot, 'x.pdf')).toBe(noRoot);
  });
});
