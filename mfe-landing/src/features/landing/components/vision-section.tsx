import { LANDING } from '../../../content/landing-content';

export function VisionSection() {
  const { vision } = LANDING;
  return (
    <section className="lp-section lp-vision" aria-labelledby="lp-vision-title">
      <div className="lp-container">
        <h2 id="lp-vision-title">{vision.title}</h2>
        <p>{vision.text}</p>
        <blockquote>{vision.quote}</blockquote>
      </div>
    </section>
  );
}
