import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators.js';
import { DoctorsService, type PublicDoctor } from './doctors.service.js';

@ApiTags('doctors')
@Controller('doctors')
export class DoctorsController {
  constructor(private readonly doctors: DoctorsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Approved, available doctors with their weekly schedule (public fields only)' })
  @ApiResponse({
    status: 200,
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          specialty: { type: 'string' },
          clinic: { type: 'string' },
          timeZone: { type: 'string' },
          schedule: {
            type: 'object',
            properties: {
              availableDays: { type: 'array', items: { type: 'string' } },
              timeSlots: {
                type: 'object',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  })
  list(): Promise<PublicDoctor[]> {
    return this.doctors.listPublic();
  }
}
