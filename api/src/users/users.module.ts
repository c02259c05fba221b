import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';
import { UserPreferencesEntity } from './user-preferences.entity.js';
import { UserPreferencesRepository } from './user-preferences.repository.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

/**
 * Accounts: registration, `GET /api/me`, and the settings page. The notification
 * preferences repository is exported for the notifications to honour.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserPreferencesEntity])],
  controllers: [UsersController, SettingsController],
  providers: [UsersService, SettingsService, UserPreferencesRepository],
  exports: [UserPreferencesRepository],
})
export class UsersModule {}
