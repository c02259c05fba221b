import { LANDING } from '../../../content/landing-content';
import { Icon, type IconName } from '../../../components/icons';
import { r } from '../styles';

/**
 * Spec §9: 20 decorative floating icons. Positions are percentages of the page body, sizes in the
 * page's scaled rem; the layer is clipped and behind the content, so it never causes horizontal
 * scroll or covers text. Motion stops under `prefers-reduced-motion: reduce` (see styles.ts).
 */
const FLOATERS: { icon: IconName; top: number; left: number; size: number; delay: number }[] = [
  { icon: 'heart', top: 2, left: 4, size: 2.25, delay: 0 },
  { icon: 'pill', top: 4, left: 88, size: 2, delay: -2 },
  { icon: 'cross', top: 9, left: 46, size: 1.5, delay: -5 },
  { icon: 'stethoscope', top: 14, left: 95, size: 2.5, delay: -1 },
  { icon: 'droplet', top: 18, left: 1, size: 1.75, delay: -4 },
  { icon: 'calendar', top: 23, left: 70, size: 2, delay: -7 },
  { icon: 'pulse', top: 28, left: 30, size: 2.5, delay: -3 },
  { icon: 'thermometer', top: 33, left: 92, size: 1.75, delay: -6 },
  { icon: 'document', top: 38, left: 6, size: 2.25, delay: -2.5 },
  { icon: 'sparkle', top: 43, left: 55, size: 1.5, delay: -8 },
  { icon: 'shield', top: 48, left: 97, size: 2, delay: -1.5 },
  { icon: 'user', top: 53, left: 2, size: 1.75, delay: -5.5 },
  { icon: 'clock', top: 58, left: 78, size: 2.25, delay: -3.5 },
  { icon: 'globe', top: 63, left: 15, size: 2, delay: -6.5 },
  { icon: 'heart', top: 68, left: 94, size: 1.5, delay: -0.5 },
  { icon: 'folder', top: 73, left: 40, size: 2, delay: -4.5 },
  { icon: 'cross', top: 78, left: 3, size: 2.25, delay: -7.5 },
  { icon: 'lock', top: 83, left: 85, size: 1.75, delay: -2 },
  { icon: 'pill', top: 89, left: 22, size: 2, delay: -6 },
  { icon: 'stethoscope', top: 94, left: 62, size: 2.25, delay: -3 },
];

export function FloatingIcons() {
  return (
    <div className="lp-floaters" aria-hidden="true" data-testid="floating-icons">
      {FLOATERS.slice(0, LANDING.floatingIconCount).map((f, i) => (
        <Icon
          key={i}
          name={f.icon}
          className="lp-floater"
          style={{
            top: `${f.top}%`,
            left: `min(${f.left}%, calc(100% - ${r(f.size)}))`,
            width: r(f.size),
            height: r(f.size),
            animationDelay: `${f.delay}s`,
          }}
        />
      ))}
    </div>
  );
}
