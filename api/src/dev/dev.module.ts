import { Module } from '@nestjs/common';
import { DevController } from './dev.controller.js';
import { DemoAccountsService } from './demo-accounts.service.js';

/** Local tools; AppModule registers this module only when FIREBASE_AUTH_EMULATOR_HOST is set. */
@Module({ controllers: [DevController], providers: [DemoAccountsService] })
export class DevModule {}
