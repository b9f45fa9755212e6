// Async boundary: shared singletons are negotiated by the federation runtime before app code runs.
import { takeHandoffParam } from './handoff/take-handoff-param';

// DESIGN "Security": the handoff parameter leaves the address bar and history before anything renders.
takeHandoffParam();
// The runtime config and the remotes' manifests are already on their way: index.html started them
// (host/early-fetch.js) before this file loaded.

void import('./bootstrap');
