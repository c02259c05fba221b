import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';

/** The three offers of spec §1; the digital twin is marked Coming Soon. */
export function FeaturesSection() {
  const { features } = LANDING;
  return (
    <section className="lp-section" aria-labelledby="lp-features-title">
      <div className="lp-container">
        <div className="lp-section-head">
          <h2 id="lp-features-title">{features.title}</h2>
          <p>{features.intro}</p>
        </div>
        <ul className="lp-cards lp-cards--3">
          {features.items.map((item) => (
            <li key={item.id} className={`lp-card${'comingSoon' in item ? ' lp-card--soon' : ''}`}>
              {'comingSoon' in item ? <span className="lp-badge">{features.comingSoonBadge}</span> : null}
              <span className="lp-card-icon">
                <Icon name={item.icon} />
              </span>
              <h3>{item.title}</h3>
              <p className="lp-audience">{item.audience}</p>
              <p className="lp-description">{item.description}</p>
              <ul className="lp-points">
                {item.points.map((point) => (
                  <li key={point}>
                    <Icon name="check" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              {'note' in item ? <p className="lp-note">{item.note}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
