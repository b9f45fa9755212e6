// No async boundary: every shared module the first screen needs is in this entry (eager, ADR 0002),
// so the app starts as soon as main.js has run, without waiting for another chunk (ADR 0006).
import { takeHandoffParam } from './handoff/take-handoff-param';
import { earlyRequestsSent } from './config/early-config';

// DESIGN "Security": the handoff parameter leaves the address bar and history before anything renders.
takeHandoffParam();
// The runtime config and the remotes' manifests are already on their way: index.html started them
// (host/early-fetch.js) before this file loaded. The app's modules (React, the router, the
// federation runtime: most of main.js) are evaluated once that page script has sent the manifests'
// requests, in a task of their own: evaluated at once, they held back the config's answer and so
// the manifests (and the login page's code after them) by their whole evaluation (ADR 0016).
// `eager`: the same file, no other chunk to fetch.
void earlyRequestsSent()
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'))
  .then(({ startApp }) => startApp());
