
export * from './port-watch';
export * from './transport';
export { Connection, ANNOUNCE_EVERY_MS, type ConnectionInput, type ConnectionHooks, type ConnectionSnapshot, type GuiState, type BusState } from './connection';
export { CONNECT_TIMEOUT_MS, type SocketKind } from './socket';
export { WireSession, type WireFrame, type FrameListener } from './wire-session';
export { earlyTransport, type EarlySocket } from './early-socket';
