import { Module } from '@nestjs/common';
import { AppointmentsController } from './appointments.controller.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';

@Module({
  controllers: [AppointmentsController],
  providers: [AppointmentsService, AppointmentsRepository],
  // Other modules (provider, admin) read and change appointments through the repository only.
  exports: [AppointmentsRepository],
})
export class AppointmentsModule {}
