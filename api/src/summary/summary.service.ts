import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClinicalSummary, IntakeAnswers } from '@medora/shared';
import { CONFIG, type Config } from '../config/config.js';
import { deterministicSummary } from './deterministic-summary.js';
import { llmSummary } from './llm-summary.js';
import type { ListedMedicine } from './medicines.js';

/**
 * The clinical summary of an intake record. Deterministic by default; with SUMMARY_LLM_URL and
 * SUMMARY_LLM_MODEL set, an OpenAI-compatible model writes the narrative, and any failure of it
 * falls back to the deterministic summary (a save never fails because of the summary).
 *
 * A save does not wait for the model. It stores the deterministic summary at once and
 * `enrichLater` replaces it when the model answers (a failure leaves the deterministic one).
 */
@Injectable()
export class SummaryService implements OnModuleDestroy {
  private readonly logger = new Logger('Summary');
  /** Enrichments under way; aborted (deterministic summary kept) when the app shuts down. */
  private readonly pending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** The rule-based summary, at once; `listed` is the patient's confirmed medicine list. */
  deterministic(answers: IntakeAnswers, listed: readonly ListedMedicine[] = []): ClinicalSummary {
    return deterministicSummary(answers, new Date(), listed);
  }

  /** The model's summary when one is configured and answers; the deterministic one otherwise. */
  async summarize(
    answers: IntakeAnswers,
    signal?: AbortSignal,
    listed: readonly ListedMedicine[] = [],
  ): Promise<ClinicalSummary> {
    const draft = deterministicSummary(answers, new Date(), listed);
    const llm = this.config.summaryLlm;
    if (!llm) return draft;
    try {
      return await llmSummary(answers, draft, { ...llm, signal });
    } catch (error) {
      this.logger.warn(
        `LLM summary failed, using the deterministic one: ${error instanceof Error ? error.message : String(error)}`,
      );
      return draft;
    }
  }

  /**
   * With an LLM configured, asks it in the background and hands its summary to `store`; nothing
   * happens when none is configured or it fails. Never throws.
   */
  enrichLater(
    answers: IntakeAnswers,
    store: (summary: ClinicalSummary) => Promise<void>,
    listed: readonly ListedMedicine[] = [],
  ): void {
    if (!this.config.summaryLlm) return;
    const task = (async () => {
      const summary = await this.summarize(answers, this.stopping.signal, listed);
      if (summary.engine !== 'llm' || this.stopping.signal.aborted) return;
      await store(summary);
    })()
      .catch((error: unknown) =>
        this.logger.warn(
          `Could not store the LLM summary: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when every enrichment under way has stored its summary or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Before the pool closes: stop waiting for the model and let the enrichments settle. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }
}
