/** What a pool (./work-pool.ts) and its children (./work-child.ts) say to each other. */

/** A job for a child: the function `name` of `module`, with its input. */
export interface JobMessage {
  id: number;
  module: string;
  name: string;
  input: unknown;
}

/** A child's first message (started, its modules loaded), then one per job: its value or its error. */
export type ChildReply = { ready: true } | { id: number; value: unknown } | { id: number; error: string };
