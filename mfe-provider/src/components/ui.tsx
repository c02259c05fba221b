import type { ReactNode } from 'react';
import ui from './ui.module.css';

/** This remote's shared classes (ui.module.css, on the design tokens): card, buttons, inputs, muted. */
export { ui };

/** A counter tile with a real number. */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <section aria-label={label} className={ui.statCard}>
      <p className={ui.statLabel}>{label}</p>
      <p className={ui.statValue}>{value}</p>
    </section>
  );
}

/**
 * A dashboard's title, its load error and a tile per counter, in the order of `labels` ('…' until
 * the counters arrive).
 */
export function DashboardHead<K extends string>({
  title,
  error,
  labels,
  counters,
}: {
  title: string;
  error: string | null;
  labels: Record<K, string>;
  counters: NoInfer<Record<K, number>> | null;
}) {
  return (
    <>
      <h1>{title}</h1>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <div className={ui.stats}>
        {(Object.keys(labels) as K[]).map((key) => (
          <StatCard key={key} label={labels[key]} value={counters?.[key] ?? '…'} />
        ))}
      </div>
    </>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={ui.label}>
      {label}
      {children}
    </label>
  );
}
