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
  exports: [AppointmentsRepository],
})
export class AppointmentsModule {}
