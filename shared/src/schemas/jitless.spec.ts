/**
 * @jest-environment jsdom
 */
import { z } from 'zod';
import { doctorProfileFormSchema } from './index.js';

describe('zod in a browser', () => {
  it('parses without compiling code, so a strict Content-Security-Policy is never tripped', () => {
    const probe = jest.spyOn(globalThis, 'Function');
    expect(z.config().jitless).toBe(true);
    doctorProfileFormSchema.safeParse({});
    expect(probe).not.toHaveBeenCalled();
  });
});
