import { LANDING } from '../../../content/landing-content';
import css from '../landing.module.css';

export function VisionSection() {
  const { vision } = LANDING;
  return (
    <section className={`${css.section} ${css.vision}`} aria-labelledby="lp-vision-title">
      <div className={css.container}>
        <h2 id="lp-vision-title">{vision.title}</h2>
        <p>{vision.text}</p>
        <blockquote>{vision.quote}</blockquote>
      </div>
    </section>
  );
}
