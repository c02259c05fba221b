import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccessPolicy } from './access-policy.js';
import { AccessRepository } from './access.repository.js';
import { AuthGuard } from './auth.guard.js';
import { FirebaseAuthService } from './firebase-auth.service.js';

/** Token verification, the global guard and the ownership helper, available to every module. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [
    FirebaseAuthService,
    UsersRepository,
    AccessRepository,
    AccessPolicy,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [FirebaseAuthService, UsersRepository, AccessRepository, AccessPolicy],
})
export class AuthModule {}
