import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';
import css from '../landing.module.css';
import { Section } from './section';

export function BenefitsSection() {
  const { benefits } = LANDING;
  return (
    <Section id="lp-benefits-title" title={benefits.title} className={css.benefits}>
      <ul className={`${css.cards} ${css.cards4}`}>
        {benefits.items.map((benefit) => (
          <li key={benefit.title} className={`${css.card} ${css.benefit}`}>
            <span className={css.cardIcon}>
              <Icon name={benefit.icon} />
            </span>
            <h3>{benefit.title}</h3>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
