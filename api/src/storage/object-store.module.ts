import { Global, Module } from '@nestjs/common';
import { FileStore } from './file-store.js';

/** The one FileStore (Postgres bytea, or S3 when S3_* is set) of documents, credentials, prescriptions. */
@Global()
@Module({ providers: [FileStore], exports: [FileStore] })
export class ObjectStoreModule {}
