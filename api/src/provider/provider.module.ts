import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { ProviderController } from './provider.controller.js';
import { ProviderService } from './provider.service.js';

/** The provider dashboard: no data of its own, it works on doctors and appointments through their repositories. */
@Module({
  imports: [DoctorsModule, AppointmentsModule],
  controllers: [ProviderController],
  providers: [ProviderService],
})
export class ProviderModule {}
