import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MedicationsModule } from '../medications/medications.module.js';
import { SummaryModule } from '../summary/summary.module.js';
import { FhirImportController } from './fhir-import.controller.js';
import { FhirImportService } from './fhir-import.service.js';
import { ImportedRecordItemEntity } from './imported-record-item.entity.js';
import { ImportedRecordsRepository } from './imported-records.repository.js';
import { PatientProfileEntity } from './patient-profile.entity.js';
import { PatientDraftEntity, PatientVisitEntity } from './patient-visit.entity.js';
import { PatientsController } from './patients.controller.js';
import { PatientsRepository } from './patients.repository.js';
import { PatientsService } from './patients.service.js';

@Module({
  imports: [
    SummaryModule,
    // The confirmed medicine list, read by the clinical summary of a submission.
    MedicationsModule,
    TypeOrmModule.forFeature([
      PatientProfileEntity,
      PatientVisitEntity,
      PatientDraftEntity,
      ImportedRecordItemEntity,
    ]),
  ],
  controllers: [PatientsController, FhirImportController],
  providers: [PatientsService, PatientsRepository, FhirImportService, ImportedRecordsRepository],
  // The documents module makes a deleted document disappear from the record.
  // The local demo data saves the demo patient's intake through the service (DevModule, local mode only).
  exports: [PatientsRepository, PatientsService],
})
export class PatientsModule {}
