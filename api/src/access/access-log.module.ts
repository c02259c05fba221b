import { Module } from '@nestjs/common';
import { AccessLogController } from './access-log.controller.js';
import { AccessLogRepository } from './access-log.repository.js';
import { AccessLogService } from './access-log.service.js';

/** Break-the-glass grants and the patient's "Who looked at my record". */
@Module({
  controllers: [AccessLogController],
  providers: [AccessLogService, AccessLogRepository],
})
export class AccessLogModule {}
