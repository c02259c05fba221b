import { Module } from '@nestjs/common';
import { DoctorsContextController } from './doctors-context.controller.js';
import { DoctorsController } from './doctors.controller.js';
import { DoctorApplicationsService } from './doctor-applications.service.js';
import { DoctorsRepository } from './doctors.repository.js';
import { DoctorSearchRepository } from './doctor-search.repository.js';
import { DoctorChangeRequestsRepository } from './doctor-change-requests.repository.js';
import { DoctorsService } from './doctors.service.js';
import { ApprovedDoctorService } from './approved-doctor.service.js';

@Module({
  controllers: [DoctorsController, DoctorsContextController],
  providers: [
    DoctorsService,
    DoctorApplicationsService,
    DoctorsRepository,
    DoctorSearchRepository,
    DoctorChangeRequestsRepository,
    ApprovedDoctorService,
  ],
  exports: [
    DoctorsService,
    DoctorApplicationsService,
    DoctorsRepository,
    DoctorChangeRequestsRepository,
    ApprovedDoctorService,
  ],
})
export class DoctorsModule {}
