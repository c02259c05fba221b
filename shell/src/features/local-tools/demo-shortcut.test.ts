import { demoShortcutRole } from './demo-shortcut';

describe('demoShortcutRole', () => {
  it.each(['patient', 'provider', 'doctor', 'admin'])('recognises %s / %s', (role) => {
    expect(demoShortcutRole(role, role)).toBe(role);
  });

  it('ignores case and spaces in the username only', () => {
    expect(demoShortcutRole(' Doctor ', 'doctor')).toBe('doctor');
    expect(demoShortcutRole('doctor', 'Doctor')).toBeNull();
  });

  it('needs the same word twice and a real role', () => {
    expect(demoShortcutRole('patient', 'secret')).toBeNull();
    expect(demoShortcutRole('root', 'root')).toBeNull();
    expect(demoShortcutRole('a@b.co', 'a@b.co')).toBeNull();
  });
});
