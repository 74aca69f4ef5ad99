/**
 * Tabs of one console, coordinated (one module for every kind of work that must run in one tab only: deletions,
 * bulk batches, suite runs): a lock per piece of work (a Web Lock, or a lease in the kept database where the page has
 * no Web Locks), and a BroadcastChannel over which the tab running it tells the others each step.
 */
export {
  CHANNEL_NAME,
  createTabCoordinator,
  type ChannelLike,
  type LockClaim,
  type LockManagerLike,
  type TabCoordinator,
  type TabCoordinatorOptions,
} from './cross-tab';
export { keptLeaseStore, LEASE_TIMING, type Lease, type LeaseStore, type LeaseTiming } from './lease';
