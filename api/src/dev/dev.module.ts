import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { ProviderModule } from '../provider/provider.module.js';
import { DevController } from './dev.controller.js';
import { DemoAccountsService } from './demo-accounts.service.js';
import { DemoDataService } from './demo-data.service.js';
import { DemoWorldRepository } from './demo-world.repository.js';

/**
 * Local tools; AppModule registers this module only in explicit local mode (MEDORA_LOCAL_MODE=true,
 * Auth emulator, never NODE_ENV=production: see config.ts).
 */
@Module({
  imports: [AdminModule, DoctorsModule, ProviderModule, PatientsModule, DocumentsModule, AppointmentsModule],
  controllers: [DevController],
  providers: [DemoAccountsService, DemoDataService, DemoWorldRepository],
})
export class DevModule {}
