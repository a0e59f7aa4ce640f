import WebSocket from 'ws';
import type { SocketLike, Transport } from '../../src/lib/connection';

/** Node has no global WebSocket before v22: the `ws` package stands in for the browser's. */
export const wsTransport: Transport = (url) => new WebSocket(url) as unknown as SocketLike;
