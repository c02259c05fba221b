import { auditCsv, csvCell } from './admin-desk.js';

describe('audit CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
  });

  it('defuses a formula after a separator of any locale (OWASP CSV Injection)', () => {
    expect(csvCell('Mozilla;=1+1')).toBe(`"'Mozilla;=1+1"`);
    expect(csvCell('Mozilla; @SUM(A1)')).toBe(`"'Mozilla; @SUM(A1)"`);
    expect(csvCell('a\t+1')).toBe(`"'a\t+1"`);
    expect(csvCell('a|-2')).toBe(`"'a|-2"`);
    // A separator alone is quoted, so a `;` locale does not split the cell.
    expect(csvCell('Mozilla/5.0 (X11; Linux x86_64)')).toBe('"Mozilla/5.0 (X11; Linux x86_64)"');
    expect(csvCell('2026-01-01')).toBe('2026-01-01');
  });

  it('writes a header and one CRLF line per row', () => {
    const row = {
      createdAt: '2026-01-01T00:00:00.000Z',
      actorUid: 'u1',
      actorRole: 'admin',
      action: 'doctor.reject',
      resourceType: 'doctor',
      resourceId: 'd1',
      outcome: 'allowed',
      detail: 'reason: expired, sorry',
      clientIp: '127.0.0.1',
      userAgent: null,
    };
    expect(auditCsv([row])).toBe(
      'createdAt,actorUid,actorRole,action,resourceType,resourceId,outcome,detail,clientIp,userAgent\r\n' +
        '2026-01-01T00:00:00.000Z,u1,admin,doctor.reject,doctor,d1,allowed,"reason: expired, sorry",127.0.0.1,\r\n',
    );
  });
});
