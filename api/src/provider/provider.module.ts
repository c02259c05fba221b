import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { ProviderController } from './provider.controller.js';
import { ProviderService } from './provider.service.js';
import { SummaryModule } from '../summary/summary.module.js';

/**
 * The provider dashboard's read model (overview, list, intake) and schedule: no data of its own, it reads
 * doctors and appointments through their repositories. The doctor's commands on an appointment are
 * the appointments module's.
 */
@Module({
  imports: [DoctorsModule, AppointmentsModule, SummaryModule],
  controllers: [ProviderController],
  providers: [ProviderService],
  // The local demo data sets the demo clinicians' hours through it (DevModule, local mode only).
  exports: [ProviderService],
})
export class ProviderModule {}
