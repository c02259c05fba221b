import { useId } from 'react';
import { MESSAGES, ROLE_LABELS, SIGNUP_ROLES, type SignupRole } from '@medora/shared';
import css from './auth.module.css';

const DESCRIPTIONS: Record<SignupRole, string> = {
  patient: MESSAGES.rolePatientDescription,
  provider: MESSAGES.roleProviderDescription,
  doctor: MESSAGES.roleDoctorDescription,
};

/** Step 1 of the login screen: Patient, Healthcare Provider or Doctor/Admin. */
export function RoleChoice({ value, onChange }: { value: SignupRole; onChange: (role: SignupRole) => void }) {
  const name = useId();
  return (
    <fieldset className={css.roles}>
      <legend>{MESSAGES.roleChoiceLegend}</legend>
      {SIGNUP_ROLES.map((role) => {
        const id = `${name}-${role}`;
        return (
          <label key={role} htmlFor={id} className={css.role} data-checked={value === role}>
            <input
              id={id}
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-desc`}
            />
            <span id={`${id}-name`} className={css.roleName}>
              {ROLE_LABELS[role]}
            </span>
            <span id={`${id}-desc`} className={css.roleDesc}>
              {DESCRIPTIONS[role]}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
