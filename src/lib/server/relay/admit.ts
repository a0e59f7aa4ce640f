/**
 * Who may use the relay: whoever is let in (docs/security.md, "Who is let in") — the machine itself,
 * a paired browser, a token holder, a trusted network — decided by the same `whoIs` every route
 * goes through, so a socket is its page's principal and is closed when that principal is forgotten.
 */
import type { IncomingMessage } from 'node:http';
import { clientOf, type Access } from '../guards';
import type { RelayAdmission } from '.';

export function admitLetIn(access: Access): (req: IncomingMessage) => RelayAdmission {
	return (req) => {
		const header = (name: string): string | null => {
			const v = req.headers[name];
			return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
		};
		const who = access.whoIs(req.socket.remoteAddress ?? '', header);
		if (who.kind === 'stranger') return { ok: false, status: 401, message: 'this browser is not paired with the device: open a page of the app to pair it' };
		return { ok: true, principal: who.principal, client: clientOf(who) };
	};
}
