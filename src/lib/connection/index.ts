export * from './port-watch';
export * from './transport';
export * from './connection.machine';
export { CONNECT_TIMEOUT_MS, type SocketKind } from './socket';
export { earlyTransport, type EarlySocket } from './early-socket';
export { serverFocus } from './server-focus';
export { workerTransport } from './worker-socket';
