import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AppointmentsController } from './appointments.controller.js';
import { DoctorAppointmentsController } from './doctor-appointments.controller.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { AppointmentsService } from './appointments.service.js';
import { DoctorVisitsService } from './doctor-visits.service.js';
import { PrescriptionsService } from './prescriptions.service.js';
import { DoctorsModule } from '../doctors/doctors.module.js';

@Module({
  imports: [MailModule, DoctorsModule],
  controllers: [AppointmentsController, DoctorAppointmentsController],
  // The whole lifecycle: the patient's commands (AppointmentsService), the doctor's (DoctorVisitsService,
  // PrescriptionsService).
  providers: [AppointmentsService, DoctorVisitsService, PrescriptionsService, AppointmentsRepository],
  // Other modules (provider, admin) read and change appointments through the repository only.
  // The local demo data books and attaches prescriptions through the services, under their rules
  // (DevModule, local mode only).
  exports: [AppointmentsRepository, AppointmentsService, PrescriptionsService],
})
export class AppointmentsModule {}
