/**
 * The database role the API serves traffic as (migration AppRole1767916900000 creates it): DML on
 * every table, but only SELECT and INSERT on audit_log, so no code path of the API can rewrite or
 * erase the audit trail. Migrations run as the owner instead (see `servingConnectionOptions`).
 */
export const APP_DB_ROLE = 'medora_app';

/**
 * pg connection options that switch every new connection of the serving pool to APP_DB_ROLE as it
 * starts (`-c role=…` is applied by the server during the startup handshake).
 *
 * Trade-off, chosen for zero cost per request: this is a session-level SET ROLE. It costs no extra
 * round trip (reconnects after a restart get it too) and needs no second password, and it stops every
 * statement the API's code sends. It does not stop someone who can send arbitrary SQL on that
 * connection (an injection, a stolen connection): they can `RESET ROLE` back to the login user. For
 * that, give DATABASE_URL a LOGIN role that is only a member of APP_DB_ROLE (not the owner, not a
 * superuser) and MIGRATION_DATABASE_URL the owner; the same option then still applies.
 */
export const APP_ROLE_CONNECTION_OPTIONS = `-c role=${APP_DB_ROLE}`;
