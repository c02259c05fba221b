import { auditCsv, csvCell } from './admin-desk.js';

describe('audit CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
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
