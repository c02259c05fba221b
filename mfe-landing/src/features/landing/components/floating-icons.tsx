import { LANDING } from '../../../content/landing-content';
import { Icon, type IconName } from '../../../components/icons';
import css from '../landing.module.css';

/**
 * 20 decorative floating icons. Each one's position, size and phase come from its place in
 * the layer (`.floater:nth-child(n)` in landing.module.css); the layer is clipped and behind the
 * content, so it never causes horizontal scroll or covers text. Motion stops under
 * `prefers-reduced-motion: reduce`.
 */
const FLOATERS: IconName[] = [
  'heart',
  'pill',
  'cross',
  'stethoscope',
  'droplet',
  'calendar',
  'pulse',
  'thermometer',
  'document',
  'sparkle',
  'shield',
  'user',
  'clock',
  'globe',
  'heart',
  'folder',
  'cross',
  'lock',
  'pill',
  'stethoscope',
];

export function FloatingIcons() {
  return (
    <div className={css.floaters} aria-hidden="true" data-testid="floating-icons">
      {FLOATERS.slice(0, LANDING.floatingIconCount).map((icon, i) => (
        <Icon key={i} name={icon} className={css.floater} />
      ))}
    </div>
  );
}
