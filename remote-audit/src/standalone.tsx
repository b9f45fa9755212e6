import { mountStandalone } from '@sso/shared/dev-shell';
import { descriptor } from './descriptor';
import { exposes } from './exposes';

// The remote's own dev page: the pages exposes.ts names, loaded from this build, not through federation.
mountStandalone({ descriptor, exposes, pages: import.meta.glob('./**/*-page.tsx') });
