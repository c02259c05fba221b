import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ROLES, isClinicianRole, type Role } from '@medora/shared';
import { FirebaseAuthService } from '../auth/firebase-auth.service.js';
import { CONFIG, type Config } from '../config/config.js';

/** One demo account per role, only ever created in local mode, in the Auth emulator (see DevModule). */
export const DEMO_ACCOUNTS: Record<Role, { uid: string; email: string; displayName: string }> = {
  patient: { uid: 'demo-patient', email: 'patient@demo.medora.test', displayName: 'Demo Patient' },
  provider: { uid: 'demo-provider', email: 'provider@demo.medora.test', displayName: 'Demo Provider' },
  doctor: { uid: 'demo-doctor', email: 'doctor@demo.medora.test', displayName: 'Dr. Demo Doctor' },
  admin: { uid: 'demo-admin', email: 'admin@demo.medora.test', displayName: 'Demo Admin' },
};

/**
 * Creates the demo accounts (emulator user + users row; doctor and provider with an approved, linked
 * doctor record so their dashboard opens). Idempotent: runs at every boot with SEED_DEMO_DATA=true
 * and before each demo session.
 */
@Injectable()
export class DemoAccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoAccounts');

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly firebase: FirebaseAuthService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemoData) return;
    for (const role of ROLES) await this.ensure(role);
    this.logger.log(`Demo accounts ready in the Auth emulator (${ROLES.join(', ')})`);
  }

  /** Makes sure the demo account of `role` exists and returns its uid. */
  async ensure(role: Role): Promise<string> {
    const account = DEMO_ACCOUNTS[role];
    await this.firebase.ensureUser(account);
    const [user] = await this.ds.query<{ id: string }[]>(
      `INSERT INTO users (firebase_uid, email, role, email_verified) VALUES ($1, $2, $3, true)
       ON CONFLICT (firebase_uid) DO UPDATE SET email = EXCLUDED.email, role = EXCLUDED.role,
         email_verified = true, updated_at = now()
       RETURNING id`,
      [account.uid, account.email, role],
    );
    if (isClinicianRole(role)) {
      await this.ds.query(
        `INSERT INTO doctors (seed_key, user_id, name, email, specialty, clinic,
                              verification_status, is_available, onboarding_completed, credentials_verified)
         VALUES ($1, $2, $3, $4, 'General Medicine', 'Medora Demo Clinic', 'approved', false, true, true)
         ON CONFLICT (seed_key) DO UPDATE SET user_id = EXCLUDED.user_id,
           verification_status = 'approved', onboarding_completed = true, credentials_verified = true,
           updated_at = now()`,
        [`demo-account-${role}`, user!.id, account.displayName, account.email],
      );
    }
    return account.uid;
  }
}
