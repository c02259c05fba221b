import 'reflect-metadata';
import { Body, Controller, Post } from '@nestjs/common';
import { ApiBody, DECORATORS } from '@nestjs/swagger';
import { z } from 'zod';
import { documentValidatedBodies, openApiSchema } from './openapi.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

const noteSchema = z.object({ text: z.string().min(1) });
const optionalSchema = z.preprocess((v) => v ?? {}, z.object({ version: z.number().int().optional() }));
const explicitDoc = { type: 'object', description: 'written by hand' };

@Controller('notes')
class NotesController {
  @Post()
  create(@Body(new ZodValidationPipe(noteSchema)) body: unknown): unknown {
    return body;
  }

  @Post('decide')
  decide(@Body(new ZodValidationPipe(optionalSchema)) body: unknown): unknown {
    return body;
  }

  @Post('explicit')
  @ApiBody({ schema: explicitDoc })
  explicit(@Body(new ZodValidationPipe(noteSchema)) body: unknown): unknown {
    return body;
  }

  @Post('plain')
  plain(@Body() body: unknown): unknown {
    return body;
  }
}

type BodyParameter = { in: string; schema: unknown; required: boolean };
const bodyOf = (method: keyof NotesController) =>
  (
    (Reflect.getMetadata(DECORATORS.API_PARAMETERS, NotesController.prototype[method]) ??
      []) as BodyParameter[]
  ).filter((p) => p.in === 'body');

describe('documentValidatedBodies', () => {
  beforeAll(() => {
    documentValidatedBodies([NotesController]);
    // A second app in the same process documents the same routes again: nothing is added twice.
    documentValidatedBodies([NotesController]);
  });

  it('documents a validated body with the schema its pipe checks', () => {
    expect(bodyOf('create')).toEqual([
      expect.objectContaining({ schema: openApiSchema(noteSchema), required: true }),
    ]);
  });

  it('marks the body optional when the schema accepts none', () => {
    expect(bodyOf('decide')).toEqual([expect.objectContaining({ required: false })]);
  });

  it('leaves an explicit @ApiBody and an unvalidated body alone', () => {
    expect(bodyOf('explicit')).toEqual([expect.objectContaining({ schema: explicitDoc })]);
    expect(bodyOf('plain')).toEqual([]);
  });
});
