import { hostname } from "node:os";

/** This process among the site's instances: its host and process id (the backups' claims, the heartbeats, the alerts). */
export function instanceId(): string {
  return `${hostname()}:${process.pid}`;
}
