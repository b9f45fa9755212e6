// Async boundary: shared singletons are negotiated by the federation runtime before app code runs.
import { startConfigFetch } from './config/early-config';
import { takeHandoffParam } from './handoff/take-handoff-param';

// DESIGN "Security": the handoff parameter leaves the address bar and history before anything renders.
takeHandoffParam();
// The runtime config travels while the shared modules load.
startConfigFetch();

void import('./bootstrap');
