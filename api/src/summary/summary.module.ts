import { Module } from '@nestjs/common';
import { FlagReviewsRepository } from './flag-reviews.repository.js';
import { FlagReviewsService } from './flag-reviews.service.js';
import { SummaryService } from './summary.service.js';

@Module({
  providers: [SummaryService, FlagReviewsService, FlagReviewsRepository],
  exports: [SummaryService, FlagReviewsService],
})
export class SummaryModule {}
