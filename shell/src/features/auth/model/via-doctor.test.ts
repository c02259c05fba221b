import { arrivesViaDoctor, isViaDoctor, rememberViaDoctor } from './via-doctor';

describe('viaDoctor', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['?doctor=1', true],
    ['?ref=doctor', true],
    ['?doctor=0', false],
    ['?ref=friend', false],
    ['', false],
  ])('%s arrives via a doctor: %s', (search, expected) => {
    expect(arrivesViaDoctor(search)).toBe(expected);
  });

  it('is kept in local storage', () => {
    expect(isViaDoctor()).toBe(false);
    rememberViaDoctor();
    expect(isViaDoctor()).toBe(true);
  });
});
