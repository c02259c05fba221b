import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AdminController } from './admin.controller.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';

@Module({
  imports: [DoctorsModule, AppointmentsModule, MailModule],
  controllers: [AdminController],
  providers: [AdminService, AdminRepository],
  // The local demo data decides its demo applications through it (DevModule, local mode only).
  exports: [AdminService],
})
export class AdminModule {}
