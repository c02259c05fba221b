import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AppointmentsController } from './appointments.controller.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';
import { DoctorVisitsService } from './doctor-visits.service.js';
import { DoctorsModule } from '../doctors/doctors.module.js';

@Module({
  imports: [MailModule, DoctorsModule],
  controllers: [AppointmentsController],
  // The whole lifecycle: the patient's commands (AppointmentsService) and the doctor's (DoctorVisitsService).
  providers: [AppointmentsService, DoctorVisitsService, AppointmentsRepository],
  // Other modules (provider, admin) read and change appointments through the repository only.
  // The local demo data books through the service, under the booking rules (DevModule, local mode only).
  exports: [AppointmentsRepository, AppointmentsService, DoctorVisitsService],
})
export class AppointmentsModule {}
