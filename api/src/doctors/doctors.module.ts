import { Module } from '@nestjs/common';
import { DoctorsContextController } from './doctors-context.controller.js';
import { DoctorsController } from './doctors.controller.js';
import { DoctorsService } from './doctors.service.js';

@Module({ controllers: [DoctorsController, DoctorsContextController], providers: [DoctorsService] })
export class DoctorsModule {}
