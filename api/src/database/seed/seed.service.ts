import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../../config/config.js';
import { seedDemoData } from './demo-data.js';

/** Runs the demo seed at boot (after migrations, which run when the DataSource starts). */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemoData) return;
    const n = await seedDemoData(this.ds);
    this.logger.log(`Demo data ready (${n} doctors)`);
  }
}
