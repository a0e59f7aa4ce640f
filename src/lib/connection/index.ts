export * from './port-watch';
export * from './transport';
export * from './connection.machine';
export { DEAD_AFTER, DEEP_EVERY, RECHECK_MS, lifecycleLogic, lifecycleMachine, urlOf, type LifecycleContext, type LifecycleInput, type LifecycleReport } from './socket-lifecycle.machine';
export { CONNECT_TIMEOUT_MS, PING, SILENT_MS, type SocketKind } from './socket';
export { earlyTransport, type EarlySocket } from './early-socket';
export { serverFocus } from './server-focus';
export { workerTransport } from './worker-socket';
