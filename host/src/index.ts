// No async boundary: every shared module the first screen needs is in this entry (eager, ADR 0002),
// so the app starts as soon as main.js has run, without waiting for another chunk (ADR 0006).
import { takeHandoffParam } from './handoff/take-handoff-param';
import { startApp } from './bootstrap';

// DESIGN "Security": the handoff parameter leaves the address bar and history before anything renders.
takeHandoffParam();
// The runtime config and the remotes' manifests are already on their way: index.html started them
// (host/early-fetch.js) before this file loaded.
startApp();
