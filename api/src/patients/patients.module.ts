import { Module } from '@nestjs/common';
import { SummaryModule } from '../summary/summary.module.js';
import { PatientsController } from './patients.controller.js';
import { PatientsService } from './patients.service.js';

@Module({ imports: [SummaryModule], controllers: [PatientsController], providers: [PatientsService] })
export class PatientsModule {}
