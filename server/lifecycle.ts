/**
 * What the running service knows about itself, shared by the listener, the shutdown sequence and the
 * operations endpoints: whether it is draining (after SIGTERM, readiness answers 503 while requests are still
 * served) and how many connections it refused at the cap.
 */
export class Lifecycle {
  draining = false
  refusedConnections = 0
}
