import { accountHandlers } from './account';
import { alertsHandlers } from './alerts';
import { listHandlers } from './lists';
import { membershipHandlers } from './membership';
import { reportsHandlers } from './reports';

export { alertsScenario, type AlertsAnswer } from './alerts';
export { authScenario, meScenario } from './account';
export {
  blackoutsScenario,
  customersScenario,
  groupsScenario,
  heartbeatsScenario,
  keysScenario,
  permsScenario,
  usersScenario,
  type ListScenario,
} from './lists';
export { membershipScenario } from './membership';
export { reportsScenario } from './reports';
export { refusal, resetScenarios } from './scenario';
export { alertChange, liveStream, type LiveStreamMock, type StreamConnection } from './stream';

/** Every area's default handlers, installed in the shared server (src/test/server.ts). */
export const defaultHandlers = [
  ...alertsHandlers,
  ...accountHandlers,
  ...listHandlers,
  ...membershipHandlers,
  ...reportsHandlers,
];
