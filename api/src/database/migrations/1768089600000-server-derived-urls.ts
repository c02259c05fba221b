import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document's fileUrl and an appointment's prescriptionUrl are the server's, never a
 * client's (`javascript:` URLs were stored). Stored client values are cleared, and CHECK constraints
 * keep the columns to what the server writes: '' for documents (the URL is derived from the id), and
 * NULL or the appointment's own prescription route.
 */
export class ServerDerivedUrls1768089600000 implements MigrationInterface {
  name = 'ServerDerivedUrls1768089600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE documents SET file_url = '' WHERE file_url <> ''`);
    await q.query(`
      UPDATE appointments a
         SET prescription_url = CASE
               WHEN EXISTS (SELECT 1 FROM prescription_files p WHERE p.appointment_id = a.id)
               THEN '/api/appointments/' || a.id || '/prescription'
             END
       WHERE prescription_url IS NOT NULL`);
    await q.query(`ALTER TABLE documents ADD CONSTRAINT ck_documents_file_url_server CHECK (file_url = '')`);
    await q.query(`
      ALTER TABLE appointments ADD CONSTRAINT ck_appointments_prescription_url_server
        CHECK (prescription_url IS NULL OR prescription_url = '/api/appointments/' || id || '/prescription')`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE appointments DROP CONSTRAINT IF EXISTS ck_appointments_prescription_url_server`,
    );
    await q.query(`ALTER TABLE documents DROP CONSTRAINT IF EXISTS ck_documents_file_url_server`);
  }
}
