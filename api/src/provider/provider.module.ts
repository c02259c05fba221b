import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { ProviderController } from './provider.controller.js';
import { ProviderService } from './provider.service.js';
import { SummaryModule } from '../summary/summary.module.js';

/** The provider dashboard: no data of its own, it works on doctors and appointments through their repositories. */
@Module({
  imports: [DoctorsModule, AppointmentsModule, SummaryModule, MailModule],
  controllers: [ProviderController],
  providers: [ProviderService],
  // The local demo data sets the demo clinicians' hours through it (DevModule, local mode only).
  exports: [ProviderService],
})
export class ProviderModule {}
