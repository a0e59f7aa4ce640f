
export * from './port-watch';
export * from './transport';
export { connectionMachine, ANNOUNCE_EVERY_MS, type ConnectionInput, type ConnectionHooks, type ConnectionEvent } from './connection.machine';
export { CONNECT_TIMEOUT_MS, type SocketKind } from './socket.actor';
export { WireSession, type WireFrame, type FrameListener } from './wire-session';
export { earlyTransport, type EarlySocket } from './early-socket';
