import { Module } from '@nestjs/common';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { DevController } from './dev.controller.js';
import { DemoAccountsService } from './demo-accounts.service.js';

/**
 * Local tools; AppModule registers this module only in explicit local mode (MEDORA_LOCAL_MODE=true,
 * Auth emulator, never NODE_ENV=production: see config.ts).
 */
@Module({ imports: [DoctorsModule], controllers: [DevController], providers: [DemoAccountsService] })
export class DevModule {}
