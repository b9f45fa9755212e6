// The apps of the panel and their ports (DESIGN "Ports"): one list for start, dev, e2e and bench.
export const API_PORT = Number(process.env.API_PORT ?? 4000);

export const apps = [
  { dir: 'host', port: 3000, spa: true },
  { dir: 'remote-auth', port: 3001, spa: false },
  { dir: 'remote-users', port: 3002, spa: false },
  { dir: 'remote-roles', port: 3003, spa: false },
];
