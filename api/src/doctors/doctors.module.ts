import { Module } from '@nestjs/common';
import { DoctorsContextController } from './doctors-context.controller.js';
import { DoctorsController } from './doctors.controller.js';
import { DoctorApplicationsService } from './doctor-applications.service.js';
import { DoctorsRepository } from './doctors.repository.js';
import { DoctorsService } from './doctors.service.js';

@Module({
  controllers: [DoctorsController, DoctorsContextController],
  providers: [DoctorsService, DoctorApplicationsService, DoctorsRepository],
  exports: [DoctorsService, DoctorApplicationsService, DoctorsRepository],
})
export class DoctorsModule {}
