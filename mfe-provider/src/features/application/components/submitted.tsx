import { Link } from 'react-router-dom';
import { styles } from '../../../components/ui';

/** After submission (spec §2): 'Application Submitted Successfully!' and what happens next (§9: 2-3 business days). */
export function ApplicationSubmitted() {
  return (
    <section aria-labelledby="submitted-title" style={{ ...styles.card, textAlign: 'center' }}>
      <h1 id="submitted-title">Application Submitted Successfully!</h1>
      <p>Thank you for applying to Medora. Your application is under review.</p>
      <h2 style={{ fontSize: '1.1rem' }}>What happens next</h2>
      <ol style={{ textAlign: 'left', display: 'inline-block' }}>
        <li>Our team verifies your credentials and documents.</li>
        <li>The review usually takes 2-3 business days.</li>
        <li>You will see the decision when you next log in.</li>
        <li>Once approved, patients can book you and your provider dashboard opens.</li>
      </ol>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'center', marginTop: '1rem' }}>
        <Link to="/patient-login" style={{ ...styles.primary, textDecoration: 'none' }}>
          Go to Login
        </Link>
        <Link to="/" style={{ ...styles.secondary, textDecoration: 'none' }}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
