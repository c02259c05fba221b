import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PatientsModule } from '../patients/patients.module.js';
import { DocumentEntity } from './document.entity.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

@Module({
  // PatientsModule: a deleted document is forgotten by the patient's record.
  imports: [TypeOrmModule.forFeature([DocumentEntity]), PatientsModule],
  controllers: [DocumentsController],
  providers: [DocumentsService, DocumentsRepository],
  // The repository: the local demo data looks its document up without a read audited as the patient's.
  exports: [DocumentsService, DocumentsRepository],
})
export class DocumentsModule {}
