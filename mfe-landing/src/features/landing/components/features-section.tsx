import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';
import css from '../landing.module.css';
import { Section } from './section';

/** The three offers of the landing page; the digital twin is marked Coming Soon. */
export function FeaturesSection() {
  const { features } = LANDING;
  return (
    <Section id="lp-features-title" title={features.title} intro={features.intro}>
      <ul className={`${css.cards} ${css.cards3}`}>
        {features.items.map((item) => (
          <li key={item.id} className={'comingSoon' in item ? `${css.card} ${css.cardSoon}` : css.card}>
            {'comingSoon' in item ? <span className={css.badge}>{features.comingSoonBadge}</span> : null}
            <span className={css.cardIcon}>
              <Icon name={item.icon} />
            </span>
            <h3>{item.title}</h3>
            <p className={css.audience}>{item.audience}</p>
            <p className={css.description}>{item.description}</p>
            <ul className={css.points}>
              {item.points.map((point) => (
                <li key={point}>
                  <Icon name="check" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            {'note' in item ? <p className={css.note}>{item.note}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
