import { jest } from '@jest/globals';
import { parse } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { sendFile } from './file-response.js';

function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header: (k: string, v: string) => ((headers[k] = v), reply),
    send: jest.fn(async () => undefined),
  };
  return { reply: reply as unknown as FastifyReply, headers, send: reply.send };
}

describe('sendFile (one file-response helper)', () => {
  it('sends the bytes with the disposition, no sniffing and no caching', async () => {
    const { reply, headers, send } = fakeReply();
    await sendFile(reply, { name: 'Blood test.pdf', contentType: 'application/pdf', body: 'x' }, 'inline');
    expect(headers).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="Blood test.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(send).toHaveBeenCalledWith('x');
  });

  it('keeps a non-ASCII or quoted name in filename* with an ASCII fallback', async () => {
    for (const name of ['résumé.pdf', '日本.pdf', 'a"b\\c.pdf']) {
      const { reply, headers } = fakeReply();
      await sendFile(reply, { name, contentType: 'application/pdf', body: '' });
      const parsed = parse(headers['content-disposition']!);
      expect(parsed.type).toBe('attachment');
      expect(parsed.parameters.filename).toBe(name);
      expect(headers['content-disposition']).toMatch(/filename=[\x20-\x7e]+;/);
    }
  });
});
