/** Binding the simulated services' HTTP servers, with an error that says what to do when a port is taken. */
import { createServer, type Server } from 'node:http';

export class PortInUseError extends Error {
	constructor(
		readonly service: string,
		readonly host: string,
		readonly port: number
	) {
		super(
			`cannot start the simulated ${service}: ${host}:${port} is already in use. ` +
				`Stop whatever listens there (a real OVOS, another simulator) or choose another port.`
		);
		this.name = 'PortInUseError';
	}
}

export interface Asset {
	readonly type: string;
	readonly body: string;
}

/**
 * An HTTP server that answers plain requests with 404 (real ovos services only speak WebSocket
 * there), except for `assets`: pages a simulated skill serves itself (a browser can only frame http).
 */
export async function listenHttp(
	service: string,
	host: string,
	port: number,
	assets: ReadonlyMap<string, Asset> = new Map()
): Promise<{ server: Server; port: number }> {
	const server = createServer((req, res) => {
		const asset = assets.get((req.url ?? '').split('?')[0] ?? '');
		if (asset && req.method === 'GET') {
			res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' });
			res.end(asset.body);
			return;
		}
		res.writeHead(404, { 'content-type': 'text/plain' });
		res.end('WebSocket only\n');
	});
	await new Promise<void>((resolve, reject) => {
		const onError = (err: NodeJS.ErrnoException) => {
			server.off('listening', onListening);
			reject(err.code === 'EADDRINUSE' ? new PortInUseError(service, host, port) : err);
		};
		const onListening = () => {
			server.off('error', onError);
			resolve();
		};
		server.once('error', onError);
		server.once('listening', onListening);
		server.listen(port, host);
	});
	const addr = server.address();
	return { server, port: typeof addr === 'object' && addr ? addr.port : port };
}

export function closeHttp(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}
