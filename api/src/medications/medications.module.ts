import { Module } from '@nestjs/common';
import { MedicationsController } from './medications.controller.js';
import { MedicationsRepository } from './medications.repository.js';
import { MedicationsService } from './medications.service.js';

@Module({
  controllers: [MedicationsController],
  providers: [MedicationsService, MedicationsRepository],
  // The repository: the clinical summary and the FHIR export read the confirmed list.
  exports: [MedicationsService, MedicationsRepository],
})
export class MedicationsModule {}
