import { InitialSchema1767225600000 } from './1767225600000-initial-schema.js';
import { NotificationReads1767312000000 } from './1767312000000-notification-reads.js';

/** Every migration, oldest first (listed as classes: globs and ESM do not mix well). */
export const MIGRATIONS = [InitialSchema1767225600000, NotificationReads1767312000000];
