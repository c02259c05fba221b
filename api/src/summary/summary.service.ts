import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ClinicalSummary, IntakeAnswers } from '@medora/shared';
import { CONFIG, type Config } from '../config/config.js';
import { deterministicSummary } from './deterministic-summary.js';
import { llmSummary } from './llm-summary.js';

/**
 * The clinical summary of an intake record. Deterministic by default; with SUMMARY_LLM_URL and
 * SUMMARY_LLM_MODEL set, an OpenAI-compatible model writes the narrative, and any failure of it
 * falls back to the deterministic summary (a save never fails because of the summary).
 */
@Injectable()
export class SummaryService {
  private readonly logger = new Logger('Summary');

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async summarize(answers: IntakeAnswers): Promise<ClinicalSummary> {
    const draft = deterministicSummary(answers);
    const llm = this.config.summaryLlm;
    if (!llm) return draft;
    try {
      return await llmSummary(answers, draft, llm);
    } catch (error) {
      this.logger.warn(
        `LLM summary failed, using the deterministic one: ${error instanceof Error ? error.message : String(error)}`,
      );
      return draft;
    }
  }
}
