import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AppointmentsController } from './appointments.controller.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';

@Module({
  imports: [MailModule],
  controllers: [AppointmentsController],
  providers: [AppointmentsService, AppointmentsRepository],
  // Other modules (provider, admin) read and change appointments through the repository only.
  // The local demo data books through the service, under the booking rules (DevModule, local mode only).
  exports: [AppointmentsRepository, AppointmentsService],
})
export class AppointmentsModule {}
