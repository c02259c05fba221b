import { Module } from '@nestjs/common';
import { DoctorsController } from './doctors.controller.js';
import { DoctorsService } from './doctors.service.js';

@Module({ controllers: [DoctorsController], providers: [DoctorsService] })
export class DoctorsModule {}
