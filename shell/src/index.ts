import { startEarlyFetches } from './early-fetch';

startEarlyFetches();
// The async boundary: shared singletons are negotiated before any app code runs (no `eager`).
void import('./bootstrap');
