import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';

export function BenefitsSection() {
  const { benefits } = LANDING;
  return (
    <section className="lp-section lp-benefits" aria-labelledby="lp-benefits-title">
      <div className="lp-container">
        <div className="lp-section-head">
          <h2 id="lp-benefits-title">{benefits.title}</h2>
        </div>
        <ul className="lp-cards lp-cards--4">
          {benefits.items.map((benefit) => (
            <li key={benefit.title} className="lp-card lp-benefit">
              <span className="lp-card-icon">
                <Icon name={benefit.icon} />
              </span>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
