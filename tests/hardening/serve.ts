/**
 * The chat and bus-window routes served in-process exactly as adapter-node serves them (SvelteKit's
 * getRequest / setResponse over node:http, its default 512 KB body limit, the chat routes'
 * clientGone) behind the app's own door (who is asking: `Access.whoIs`; a stranger's 401), so tests
 * see what a client of `node build` sees while still reaching into the agent, the limits and the bus
 * client.
 */
import { createServer, request as httpRequest, type Agent, type Server } from 'node:http';
import { getRequest, setResponse } from '@sveltejs/kit/node';
import { clientGone, postChat, postChatEnd, postCompletions, type ChatApiDeps } from '../../src/lib/server/agent';
import { postToBus, type WindowHttpDeps } from '../../src/lib/server/bus-window';
import { Access, unauthorized } from '../../src/lib/server/guards';
import { CredentialStore } from '../../src/lib/server/guards/credentials';
import { parseNetwork } from '../../src/lib/server/guards/networks';

export interface Served {
	readonly port: number;
	readonly url: string;
	/** Status of every response a route returned, in order (also those nobody was left to read). */
	readonly statuses: number[];
	/** Who the server lets in: its tokens and paired browsers (in memory). */
	readonly access: Access;
	close(): Promise<void>;
}

export interface ServeOptions {
	/**
	 * Take the client's address from this header, as adapter-node does with ADDRESS_HEADER behind a
	 * proxy: how a test on loopback speaks for clients of other networks.
	 */
	readonly addressHeader?: string;
	/** OVOS_SCREEN_TOKEN. */
	readonly apiToken?: string;
	/** OVOS_SCREEN_TRUSTED_NETWORKS: clients there are let in as their network, as a LAN's screens would be. */
	readonly trusted?: readonly string[];
}

export async function serve(chat: ChatApiDeps, bus?: WindowHttpDeps, o: ServeOptions = {}): Promise<Served> {
	const statuses: number[] = [];
	let port = 0;
	const access = new Access({ store: new CredentialStore(null), apiToken: o.apiToken ?? null, trusted: (o.trusted ?? []).map((n) => parseNetwork(n)!), addressHeader: o.addressHeader ?? null, xffDepth: 1 });
	const server: Server = createServer(async (req, res) => {
		const request = await getRequest({ request: req, base: `http://127.0.0.1:${port}`, bodySizeLimit: 512 * 1024 });
		const url = new URL(request.url);
		const client = access.whoIs(req.socket.remoteAddress ?? '', (name) => request.headers.get(name));
		const gone = clientGone(req);
		try {
			let response: Response;
			if (client.kind === 'stranger') response = unauthorized();
			else if (url.pathname === '/api/chat') response = await postChat(request, url, chat, gone.signal, client);
			else if (url.pathname === '/api/chat/end') response = await postChatEnd(request, url, chat, client);
			else if (url.pathname === '/v1/chat/completions') response = await postCompletions(request, url, chat, { clientGone: gone.signal, client });
			else if (url.pathname === '/api/bus' && bus) response = await postToBus(request, url, client, bus);
			else response = new Response('not found', { status: 404 });
			statuses.push(response.status);
			await setResponse(res, response);
		} finally {
			gone.release();
		}
	});
	// A backlog for thousands of simultaneous connects (node's default 511 overflowed under load: resets).
	await new Promise<void>((r) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, r));
	port = (server.address() as { port: number }).port;
	return {
		port,
		url: `http://127.0.0.1:${port}`,
		statuses,
		access,
		async close() {
			server.closeAllConnections();
			await new Promise((r) => server.close(r));
		}
	};
}

export interface Reply {
	readonly status: number;
	readonly headers: Record<string, string | string[] | undefined>;
	readonly body: string;
}

export interface PostOptions {
	readonly headers?: Record<string, string>;
	/** Send from this local address (any of 127/8 reaches the server: another "client"). */
	readonly from?: string;
	/** Destroys the connection when it resolves; the call then resolves null. */
	readonly hangUp?: Promise<void>;
	/** Resolve as soon as the status line is in (a held stream), with the body so far. */
	readonly headOnly?: boolean;
	/** Reuse connections through this agent (default: a fresh connection per request). */
	readonly agent?: Agent;
}

/** One POST of a JSON body (over a fresh connection unless `agent`): its reply, or null when the connection broke. */
export function post(port: number, path: string, body: unknown, o: PostOptions = {}): Promise<Reply | null> {
	return new Promise((resolve) => {
		const data = typeof body === 'string' ? body : JSON.stringify(body);
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port,
				path,
				method: 'POST',
				agent: o.agent ?? false,
				localAddress: o.agent ? undefined : o.from,
				headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...o.headers }
			},
			(res) => {
				if (o.headOnly) return resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
				let b = '';
				res.on('data', (d) => (b += d));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }));
			}
		);
		req.on('error', () => resolve(null));
		req.end(data);
		void o.hangUp?.then(() => {
			req.destroy();
			resolve(null);
		});
	});
}
