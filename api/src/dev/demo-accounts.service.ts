import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ROLES, isClinicianRole, type Role } from '@medora/shared';
import { FirebaseAuthService } from '../auth/firebase-auth.service.js';
import { CONFIG, type Config } from '../config/config.js';
import { DoctorsRepository } from '../doctors/doctors.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { waitForAuthEmulator } from './auth-emulator-ready.js';

/** One demo account per role, only ever created in local mode, in the Auth emulator (see DevModule). */
export const DEMO_ACCOUNTS: Record<Role, { uid: string; email: string; displayName: string }> = {
  patient: { uid: 'demo-patient', email: 'patient@demo.medora.test', displayName: 'Demo Patient' },
  provider: { uid: 'demo-provider', email: 'provider@demo.medora.test', displayName: 'Demo Provider' },
  doctor: { uid: 'demo-doctor', email: 'doctor@demo.medora.test', displayName: 'Dr. Demo Doctor' },
  admin: { uid: 'demo-admin', email: 'admin@demo.medora.test', displayName: 'Demo Admin' },
};

/** The seed key of a demo clinician's doctor record (its natural key: one record per role). */
export const demoDoctorSeedKey = (role: 'doctor' | 'provider'): string => `demo-account-${role}`;

/**
 * Creates the demo accounts (emulator user + users row; doctor and provider with an approved, linked
 * doctor record so their dashboard opens). Idempotent: runs at every boot with SEED_DEMO_DATA=true
 * and before each demo session (which then fills the demo world in: DemoDataService).
 */
@Injectable()
export class DemoAccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoAccounts');

  constructor(
    private readonly firebase: FirebaseAuthService,
    private readonly users: UsersRepository,
    private readonly doctors: DoctorsRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemoData) return;
    // The emulator may still be booting beside the API (npm start): the accounts wait for it.
    if (this.config.firebaseAuthEmulatorHost) await waitForAuthEmulator(this.config.firebaseAuthEmulatorHost);
    for (const role of ROLES) await this.ensure(role);
    this.logger.log(`Demo accounts ready in the Auth emulator (${ROLES.join(', ')})`);
  }

  /** Makes sure a demo applicant's account (a doctor without a doctor record of its own yet) exists. */
  async ensureApplicant(account: { uid: string; email: string; displayName: string }): Promise<void> {
    await this.firebase.ensureUser(account);
    await this.users.upsertDemo(account.uid, account.email, 'doctor');
  }

  /** Makes sure the demo account of `role` exists and returns its uid. */
  async ensure(role: Role): Promise<string> {
    const account = DEMO_ACCOUNTS[role];
    await this.firebase.ensureUser(account);
    const userId = await this.users.upsertDemo(account.uid, account.email, role);
    if (isClinicianRole(role)) {
      await this.doctors.upsertDemoDoctor(
        demoDoctorSeedKey(role),
        userId,
        account.displayName,
        account.email,
      );
    }
    return account.uid;
  }
}
